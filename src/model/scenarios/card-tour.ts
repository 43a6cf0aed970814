import type { Scenario } from '../scenario';

/** One call for each of the six card kinds. */
export const cardTour: Scenario = {
  id: 'card-tour',
  title: { en: 'Card tour', zh: '六种卡片' },
  teaches: {
    en: 'Six card kinds — generic, terminal, diff, read, search, web — and the UI knows no tool names.',
    zh: '六种卡片：generic、terminal、diff、read、search、web；界面不认识任何工具名。',
  },
  files: { '/hello.py': 'def greet(name):\n    return "Hello, " + name\n\nprint(greet("class"))\n' },
  focus: '/hello.py',
  tools: ['teaching'],
  steps: [
    { call: 'read', args: { path: '/hello.py' } },
    {
      call: 'edit',
      args: { path: '/hello.py', old_string: '"Hello, " + name', new_string: 'f"Hello, {name}!"' },
    },
    { call: 'grep', args: { pattern: 'greet' } },
    { call: 'shell', args: { command: 'wc -l /hello.py' } },
    { call: 'web_fetch', args: { url: 'https://docs.example/harness/cards' } },
    { call: 'count_words', args: { path: '/hello.py' } },
    { say: { en: 'That is every kind of card.', zh: '六种卡片都见过了。' } },
  ],
  outcome: { errors: [] },
};
