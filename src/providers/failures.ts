import { parseJson } from '../harness';
import type { ProviderName } from '../model/model-settings';
import type { Text } from '../model/scenario';
import { presetFor, withOrigin } from './presets';
import type { ModelFailure } from './types';

/** Where a request went, for failures to say what to check; and the key, so no failure can repeat it. */
export interface Where {
  provider: ProviderName;
  baseUrl: string;
  endpoint: string;
  /** This page's origin, for the CORS advice. */
  origin: string;
  key: string;
}

/** The longest piece of the server's own words a failure keeps. */
const MAX_DETAIL = 500;

/** `text` with every occurrence of the key replaced, so that a server echoing it cannot make us show it. */
export function redact(text: string, key: string): string {
  return key.length >= 4 ? text.split(key).join('[your key]') : text;
}

/** The server's error message from an error body (OpenAI's and Anthropic's `error.message`), else the text. */
export function serverDetail(body: string, key: string): string {
  const parsed = parseJson(body, { maxDepth: 16, maxBytes: 64 * 1024 });
  let detail = body;
  if (parsed.ok && parsed.value && typeof parsed.value === 'object' && !Array.isArray(parsed.value)) {
    const error = parsed.value.error;
    const message =
      error && typeof error === 'object' && !Array.isArray(error) ? error.message : parsed.value.message;
    if (typeof message === 'string') detail = message;
    else if (typeof error === 'string') detail = error;
  }
  const clean = redact(detail.replace(/\s+/g, ' ').trim(), key);
  return clean.length > MAX_DETAIL ? `${clean.slice(0, MAX_DETAIL)}…` : clean;
}

/**
 * How long a rate-limited request should wait, in whole seconds: the `retry-after` header (seconds, or an
 * HTTP date) when the server exposes it to the page, else a "try again in 20s" in its message.
 */
export function retryAfter(header: string | null, detail: string, now = Date.now()): number | undefined {
  if (header !== null && header.trim() !== '') {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.max(0, Math.ceil((at - now) / 1000));
  }
  const said = /try again in (\d+(?:\.\d+)?)\s*(ms|s|seconds?)\b/i.exec(detail);
  if (!said) return undefined;
  const value = Number(said[1]);
  return Math.ceil(said[2]!.toLowerCase() === 'ms' ? value / 1000 : value);
}

const keyHeader = (provider: ProviderName) =>
  provider === 'anthropic' ? 'x-api-key' : 'authorization: Bearer';

/** The failure for an HTTP error status, with the server's words and what to check. */
export function statusFailure(
  status: number,
  body: string,
  retryHeader: string | null,
  where: Where,
): ModelFailure {
  const detail = serverDetail(body, where.key);
  const more = { status, ...(detail ? { detail } : {}) };
  if (status === 401 || status === 403) {
    return {
      code: 'MODEL_AUTH',
      ...more,
      message:
        status === 401
          ? { en: 'The server refused the key (HTTP 401).', zh: '服务器拒绝了这个密钥（HTTP 401）。' }
          : {
              en: 'The key may not use this model or endpoint (HTTP 403).',
              zh: '这个密钥无权使用该模型或接口（HTTP 403）。',
            },
      remedy: {
        en: `Check the API key under Model… (it is sent as ${keyHeader(where.provider)}), its permissions, and the model name.`,
        zh: `在“模型…”中检查 API 密钥（以 ${keyHeader(where.provider)} 发送）、它的权限和模型名称。`,
      },
    };
  }
  if (status === 429) {
    const wait = retryAfter(retryHeader, detail);
    return {
      code: 'MODEL_RATE_LIMIT',
      ...more,
      ...(wait !== undefined ? { retryAfterSeconds: wait } : {}),
      message: {
        en: 'The server is limiting requests (HTTP 429).',
        zh: '服务器正在限制请求频率（HTTP 429）。',
      },
      remedy:
        wait !== undefined
          ? { en: `Wait ${wait} s, then run the task again.`, zh: `等待 ${wait} 秒，然后重新运行任务。` }
          : {
              en: 'Wait a minute, then run the task again; if it goes on, check the limits or credit of your plan.',
              zh: '等一分钟再重新运行任务；如果一直这样，请检查你的套餐额度或余额。',
            },
    };
  }
  return { code: 'MODEL_HTTP', ...more, message: httpMessage(status), remedy: httpRemedy(status, where) };
}

function httpMessage(status: number): Text {
  return { en: `The server answered HTTP ${status}.`, zh: `服务器返回了 HTTP ${status}。` };
}

function httpRemedy(status: number, where: Where): Text {
  if (status === 404) {
    return where.provider === 'anthropic'
      ? {
          en: 'Check the base URL and the model name: the Anthropic base URL is the host (https://api.anthropic.com), and the app appends /v1/messages.',
          zh: '检查基础 URL 和模型名称：Anthropic 的基础 URL 是主机地址（https://api.anthropic.com），应用会自动加上 /v1/messages。',
        }
      : {
          en: 'Check the base URL and the model name: an OpenAI-compatible base URL includes its version path (such as http://localhost:11434/v1), and the app appends /chat/completions.',
          zh: '检查基础 URL 和模型名称：OpenAI 兼容的基础 URL 要包含版本路径（如 http://localhost:11434/v1），应用会自动加上 /chat/completions。',
        };
  }
  if (status >= 500) {
    return {
      en: 'The server failed on its side; try again in a moment.',
      zh: '服务器端出错了；请稍后再试。',
    };
  }
  return {
    en: 'Check the model name, and that the model supports tools (function calling).',
    zh: '检查模型名称，以及该模型是否支持工具调用（function calling）。',
  };
}

/**
 * `fetch` rejected: the server is down or unreachable, or (the usual case from a web page) it does not
 * allow this page's origin. The browser says no more than "failed to fetch", so the advice covers both,
 * with the CORS set-up of the preset the base URL belongs to.
 */
export function networkFailure(where: Where): ModelFailure {
  const preset = presetFor(where.baseUrl);
  const cors = preset
    ? withOrigin(preset.cors, where.origin)
    : {
        en: `A server of your own must allow this page: answer CORS preflight requests from ${where.origin}, allowing the headers it sends (content-type, and ${where.provider === 'anthropic' ? 'x-api-key, anthropic-version and anthropic-dangerous-direct-browser-access' : 'authorization'}).`,
        zh: `自建服务器必须允许本页面：响应来自 ${where.origin} 的 CORS 预检请求，并允许它发送的请求头（content-type，以及 ${where.provider === 'anthropic' ? 'x-api-key、anthropic-version 和 anthropic-dangerous-direct-browser-access' : 'authorization'}）。`,
      };
  return {
    code: 'MODEL_NETWORK',
    message: {
      en: `No answer from ${where.endpoint}: the server is not running or cannot be reached, or it does not allow requests from this page (CORS).`,
      zh: `${where.endpoint} 没有响应：服务器没有运行或无法访问，或者它不允许本页面发出的请求（CORS）。`,
    },
    remedy: {
      en: `Check that the base URL is right and the server runs. ${cors.en}`,
      zh: `检查基础 URL 是否正确、服务器是否在运行。${cors.zh}`,
    },
  };
}

/** The connection broke off in the middle of an answer. */
export function brokenFailure(): ModelFailure {
  return {
    code: 'MODEL_NETWORK',
    message: {
      en: 'The connection broke off in the middle of the answer; nothing of it was applied.',
      zh: '回答到一半时连接断开了；这部分回答没有被采用。',
    },
    remedy: { en: 'Run the task again.', zh: '请重新运行任务。' },
  };
}

/** The server answered with a redirect, which is not followed: the key goes to the typed base URL only. */
export function redirectFailure(): ModelFailure {
  return {
    code: 'MODEL_NETWORK',
    message: {
      en: 'The server redirected the request to another address. It was not followed: the key goes only to the base URL you typed.',
      zh: '服务器把请求重定向到了另一个地址。应用没有跟随：密钥只发往你填写的基础 URL。',
    },
    remedy: {
      en: 'Use the address it redirects to as the base URL.',
      zh: '把重定向后的地址填为基础 URL。',
    },
  };
}

/** The reply could not be read (not JSON, not the protocol, cut short): the turn is dropped whole. */
export function badResponse(detail: string, key = ''): ModelFailure {
  const clean = redact(detail, key).slice(0, MAX_DETAIL);
  return {
    code: 'MODEL_BAD_RESPONSE',
    detail: clean,
    message: {
      en: `The answer could not be read (${clean}); nothing of this turn was applied.`,
      zh: `无法读取回答（${clean}）；本轮的内容都没有被采用。`,
    },
    remedy: {
      en: 'Check that the base URL points at an endpoint of the chosen protocol, then run the task again.',
      zh: '检查基础 URL 指向的是否是所选协议的接口，然后重新运行任务。',
    },
  };
}

/** The server sent nothing for `ms` milliseconds. */
export function timeoutFailure(ms: number): ModelFailure {
  const s = Math.round(ms / 100) / 10;
  return {
    code: 'MODEL_TIMEOUT',
    message: {
      en: `The server sent nothing for ${s} s, so the request was given up.`,
      zh: `服务器 ${s} 秒内没有发来任何内容，请求已放弃。`,
    },
    remedy: {
      en: 'A local model may still be loading: try again, or choose a smaller or faster model.',
      zh: '本地模型可能还在加载：请再试一次，或换一个更小、更快的模型。',
    },
  };
}

/** The visitor stopped the request. */
export function stoppedFailure(): ModelFailure {
  return {
    code: 'MODEL_STOPPED',
    message: { en: 'Stopped.', zh: '已停止。' },
    remedy: { en: 'Run the task again when you want.', zh: '需要时可以重新运行任务。' },
  };
}
