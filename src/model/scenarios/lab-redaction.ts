import type { Scenario } from '../scenario';

const query = { sql: "SELECT id, name, phone FROM customers WHERE city = 'Osaka' LIMIT 10" };

/** A query for names and phones, and what the lab's redaction plugin made of it. */
function redaction(
  lab: 'redact-content' | 'redact-value',
): Pick<Scenario, 'files' | 'focus' | 'tools' | 'lab' | 'steps' | 'outcome'> {
  const byContent = lab === 'redact-content';
  return {
    files: { '/README.md': '# Customers\n\nThe customers table holds a phone number for every row.\n' },
    focus: '/README.md',
    tools: ['sql'],
    lab,
    steps: [
      {
        say: {
          en: 'I need the names and phone numbers of our customers in Osaka.',
          zh: '我需要大阪客户的姓名和手机号。',
        },
      },
      { call: 'sql_query', args: query },
      {
        say: byContent
          ? {
              en: 'With the lab’s plugin on, my text says “[phone hidden]”. Now open the value and the card: the numbers are all still there, because only the content was replaced.',
              zh: '开着实验室的插件时，我看到的文本是“[phone hidden]”。再打开值和卡片：号码都还在，因为被替换的只是 content。',
            }
          : {
              en: 'With the lab’s plugin on, the value itself was replaced: the harness checked it against the schema and projected my text, the meta and the card from it again. No number is left anywhere.',
              zh: '开着实验室的插件时，被替换的是值本身：框架用 schema 校验它，再由它重新投影出我的文本、meta 和卡片。哪里都不剩一个号码。',
            },
      },
    ],
    outcome: { errors: [] },
  };
}

/** Plugin lab: a postExecute plugin that masks phone numbers in the content only (and leaks them). */
export const labRedactContent: Scenario = {
  id: 'lab-redact-content',
  title: { en: 'Lab: hide phones in the content', zh: '实验室：在 content 里隐藏手机号' },
  teaches: {
    en: 'A plugin that replaces the content hides phone numbers from the model, while the value and the card still carry them.',
    zh: '替换 content 的插件只瞒住了模型，值和卡片里仍然带着手机号。',
  },
  ...redaction('redact-content'),
};

/** Plugin lab: a postExecute plugin that masks phone numbers in the value (and so everywhere). */
export const labRedactValue: Scenario = {
  id: 'lab-redact-value',
  title: { en: 'Lab: hide phones in the value', zh: '实验室：在值里隐藏手机号' },
  teaches: {
    en: 'A plugin that replaces the value hides phone numbers from everyone: text, meta and card are projected from it again.',
    zh: '替换值的插件对所有人隐藏手机号：文本、meta 和卡片都由新值重新投影。',
  },
  ...redaction('redact-value'),
};
