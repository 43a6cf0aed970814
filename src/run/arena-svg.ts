// The arena's matrix as an SVG image for slides: a row per hazard, a column per policy, a cell coloured
// by its outcome, the totals under each column. Pure: the same matrix gives the same bytes.
import { arenaOutcomes, type ArenaOutcome } from '../model/hazard';
import { arenaJson, type ArenaMatrix } from './arena';

const style: Record<ArenaOutcome, { fill: string; label: string }> = {
  kept: { fill: '#cdebd3', label: 'kept' },
  'lost-update': { fill: '#f6b9b1', label: 'lost update' },
  'false-refusal': { fill: '#f9dfa5', label: 'false refusal' },
  corrupted: { fill: '#dcc6ef', label: 'corrupted' },
};
const LEFT = 190;
const TOP = 130;
const COL = 84;
const ROW = 22;

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The matrix as an SVG document (UTF-8 text), with the outcomes' colours explained under it. */
export function arenaSvg(matrix: ArenaMatrix): string {
  const doc = arenaJson(matrix);
  // Room on the right for the last column's slanted name.
  const width = LEFT + COL * doc.policies.length + 100;
  const bottom = TOP + ROW * doc.hazards.length;
  const height = bottom + ROW * arenaOutcomes.length + 40;
  const parts: string[] = [];
  doc.policies.forEach((p, i) => {
    const x = LEFT + COL * i + COL / 2;
    parts.push(`<text x="${x}" y="${TOP - 8}" transform="rotate(-40 ${x} ${TOP - 8})">${esc(p.id)}</text>`);
  });
  doc.hazards.forEach((h, row) => {
    const y = TOP + ROW * row;
    parts.push(`<text x="${LEFT - 8}" y="${y + 15}" text-anchor="end">${esc(h.id)}</text>`);
    doc.policies.forEach((p, col) => {
      const cell = doc.cells.find((c) => c.hazard === h.id && c.policy === p.id);
      if (!cell) return;
      const { fill, label } = style[cell.outcome];
      const x = LEFT + COL * col;
      parts.push(
        `<rect x="${x + 1}" y="${y + 1}" width="${COL - 2}" height="${ROW - 2}" fill="${fill}"/>`,
        `<text x="${x + COL / 2}" y="${y + 15}" text-anchor="middle">${label}</text>`,
      );
    });
  });
  const totals = (id: string) => doc.totals[id];
  arenaOutcomes.forEach((outcome, k) => {
    const y = bottom + 6 + ROW * k;
    parts.push(`<rect x="20" y="${y + 3}" width="12" height="12" fill="${style[outcome].fill}"/>`);
    parts.push(`<text x="38" y="${y + 14}">${style[outcome].label}</text>`);
    doc.policies.forEach((p, col) => {
      const n = totals(p.id)?.[outcome] ?? 0;
      parts.push(`<text x="${LEFT + COL * col + COL / 2}" y="${y + 14}" text-anchor="middle">${n}</text>`);
    });
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="11" fill="#1d1d1f">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
