import { defineConfig } from 'vitepress';

// Where the playground is hosted: its folder, with embed.js beside its index.html. The tests build this
// site with HARNESS_PLAYGROUND set to a local copy of the playground on another origin.
const playground = process.env.HARNESS_PLAYGROUND ?? 'https://you.github.io/playground/';

export default defineConfig({
  title: 'Harness lessons',
  description: 'Lessons with an embedded Harness Playground',
  // The embed kit, once for every page.
  head: [
    ['script', { src: new URL('embed.js', playground).href }],
    ['link', { rel: 'icon', href: 'data:,' }],
  ],
  // <harness-playground> is a custom element, not a Vue component.
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag === 'harness-playground' } } },
  themeConfig: {
    nav: [
      { text: 'A built-in lesson', link: '/built-in' },
      { text: 'My lesson', link: '/my-lesson' },
    ],
  },
});
