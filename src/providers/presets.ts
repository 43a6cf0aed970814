import type { ProviderName } from '../model/model-settings';
import type { Text } from '../model/scenario';

/**
 * A common place to find a model: its protocol and base URL, a model name to start from, whether it needs
 * a key, and what it takes for a web page to reach it (CORS), which is what usually goes wrong. `{origin}`
 * in a note stands for this page's origin.
 */
export interface ModelPreset {
  id: 'openai' | 'openrouter' | 'ollama' | 'lmstudio' | 'anthropic';
  label: string;
  provider: ProviderName;
  baseUrl: string;
  /** A model that calls tools well there, as a starting point. */
  model: string;
  keyNeeded: boolean;
  /** Where the key comes from, or that none is needed. */
  key: Text;
  /** The CORS set-up the server needs so that this page may call it. */
  cors: Text;
}

/** The presets the settings dialog offers, in its order. Data only: the dialog and the errors read them. */
export const modelPresets: readonly ModelPreset[] = [
  {
    id: 'openai',
    label: 'OpenAI',
    provider: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    model: 'gpt-4.1-mini',
    keyNeeded: true,
    key: {
      en: 'A key from platform.openai.com (a project key with a spending limit is safest).',
      zh: '在 platform.openai.com 创建的密钥（最好是设了花费上限的项目密钥）。',
    },
    cors: {
      en: 'Nothing to set up: the API answers requests from web pages.',
      zh: '无需设置：该 API 允许网页直接请求。',
    },
  },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    provider: 'openai',
    baseUrl: 'https://openrouter.ai/api/v1',
    model: 'openai/gpt-4.1-mini',
    keyNeeded: true,
    key: {
      en: 'A key from openrouter.ai/keys; give it a credit limit.',
      zh: '在 openrouter.ai/keys 创建的密钥；请给它设额度上限。',
    },
    cors: {
      en: 'Nothing to set up: OpenRouter answers requests from web pages. Pick a model that supports tools.',
      zh: '无需设置：OpenRouter 允许网页直接请求。请选一个支持工具调用的模型。',
    },
  },
  {
    id: 'ollama',
    label: 'Ollama',
    provider: 'openai',
    baseUrl: 'http://localhost:11434/v1',
    model: 'llama3.1',
    keyNeeded: false,
    key: { en: 'No key needed (leave it empty).', zh: '不需要密钥（留空即可）。' },
    cors: {
      en: 'Start Ollama with this page allowed: OLLAMA_ORIGINS={origin} ollama serve (on macOS: launchctl setenv OLLAMA_ORIGINS "{origin}", then restart Ollama). If the browser asks whether this page may reach your local network, allow it.',
      zh: '启动 Ollama 时允许本页面：OLLAMA_ORIGINS={origin} ollama serve（macOS：launchctl setenv OLLAMA_ORIGINS "{origin}"，然后重启 Ollama）。如果浏览器询问是否允许本页面访问本地网络，请允许。',
    },
  },
  {
    id: 'lmstudio',
    label: 'LM Studio',
    provider: 'openai',
    baseUrl: 'http://localhost:1234/v1',
    model: 'qwen2.5-7b-instruct',
    keyNeeded: false,
    key: { en: 'No key needed (leave it empty).', zh: '不需要密钥（留空即可）。' },
    cors: {
      en: 'In LM Studio, open Developer → Server Settings and switch on “Enable CORS” (or run lms server start --cors), and load a model. If the browser asks whether this page may reach your local network, allow it.',
      zh: '在 LM Studio 中打开 Developer → Server Settings，打开 “Enable CORS”（或运行 lms server start --cors），并加载一个模型。如果浏览器询问是否允许本页面访问本地网络，请允许。',
    },
  },
  {
    id: 'anthropic',
    label: 'Anthropic',
    provider: 'anthropic',
    baseUrl: 'https://api.anthropic.com',
    model: 'claude-haiku-4-5',
    keyNeeded: true,
    key: {
      en: 'A key from console.anthropic.com (one with a spending limit is safest).',
      zh: '在 console.anthropic.com 创建的密钥（最好设了花费上限）。',
    },
    cors: {
      en: 'Nothing to set up: the page sends anthropic-dangerous-direct-browser-access: true, which the API requires of web pages.',
      zh: '无需设置：本页面会发送 anthropic-dangerous-direct-browser-access: true，这是该 API 对网页请求的要求。',
    },
  },
];

/** The preset whose server `baseUrl` points at (by host and port), or undefined for any other. */
export function presetFor(baseUrl: string): ModelPreset | undefined {
  let host: string;
  try {
    host = new URL(baseUrl).host;
  } catch {
    return undefined;
  }
  const local = (port: string) => host === `localhost:${port}` || host === `127.0.0.1:${port}`;
  return modelPresets.find((preset) => {
    const own = new URL(preset.baseUrl).host;
    if (own.startsWith('localhost:')) return local(own.slice('localhost:'.length));
    return host === own;
  });
}

/** `text` with `{origin}` filled in. */
export function withOrigin(text: Text, origin: string): Text {
  return { en: text.en.replaceAll('{origin}', origin), zh: text.zh.replaceAll('{origin}', origin) };
}
