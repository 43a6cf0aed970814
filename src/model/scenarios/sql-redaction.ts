import type { Scenario } from '../scenario';

const query = { sql: 'SELECT id, name, city, phone FROM customers' };

/** The exercise: a third-party query tool, a phone column to hide, and the two ways a plugin can try. */
export const sqlRedaction: Scenario = {
  id: 'sql-redaction',
  title: { en: 'Hiding a column', zh: '隐藏一列数据' },
  teaches: {
    en: 'Replacing content hides phone numbers from the model only; replacing the value hides them from everyone.',
    zh: '替换 content 只瞒住了模型；替换 value 才对所有人隐藏手机号。',
  },
  files: { '/README.md': '# Customers\n\nQueries run against the customers table.\n' },
  focus: '/README.md',
  tools: ['sql'],
  plugins: ['redact-phones-content'],
  steps: [
    {
      say: {
        en: 'A security plugin hides phone numbers by replacing the content. Let me query the customers.',
        zh: '一个安全插件通过替换 content 来隐藏手机号。我来查一下客户表。',
      },
    },
    { call: 'sql_query', args: query },
    {
      say: {
        en: 'My text shows no phone numbers, and 50 of 1,200 rows. But open the canonical value: every number is still there for any program that reads it.',
        zh: '我看到的文本里没有手机号，只有 1,200 行中的 50 行。但打开规范值：每个号码都还在，任何读取值的程序都能拿到。',
      },
    },
    {
      use: ['redact-phones-value'],
      say: {
        en: 'Now the plugin replaces the value instead. The harness checks it against the schema and projects text, meta and card again.',
        zh: '现在插件改为替换 value。框架用 schema 重新校验，再重新投影文本、meta 和卡片。',
      },
    },
    { call: 'sql_query', args: query },
    {
      say: {
        en: 'Value, text, meta and card are all clean: nothing downstream can see a phone number.',
        zh: '值、文本、meta 和卡片都干净了：下游任何地方都看不到手机号。',
      },
    },
  ],
  outcome: { errors: [] },
};
