import type { Lang } from '../model/scenario';

/** The language to start in: `?lang=`, else the browser's preference, else English. */
export function pickLang(param: string | null, preferred: readonly string[]): Lang {
  if (param === 'en' || param === 'zh') return param;
  return preferred.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh' : 'en';
}
