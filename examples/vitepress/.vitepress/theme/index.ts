// The default theme, with the playground's frame in the site's own colours and font.
import DefaultTheme from 'vitepress/theme';
import './playground.css';

export default DefaultTheme;
