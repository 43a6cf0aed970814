// The arena's hazards, one file each, in the matrix's row order.
import editDistantRegion from './edit-distant-region.json' with { type: 'json' };
import writeSameRegion from './write-same-region.json' with { type: 'json' };
import editSameRegion from './edit-same-region.json' with { type: 'json' };
import whitespaceOnlyChange from './whitespace-only-change.json' with { type: 'json' };
import changeAndBack from './change-and-back.json' with { type: 'json' };
import createdAfterAbsent from './created-after-absent.json' with { type: 'json' };
import otherSpelling from './other-spelling.json' with { type: 'json' };
import windowedRead from './windowed-read.json' with { type: 'json' };
import ownWriteThenEdit from './own-write-then-edit.json' with { type: 'json' };
import resume from './resume.json' with { type: 'json' };
import twoAgents from './two-agents.json' with { type: 'json' };
import formatterLineEndings from './formatter-line-endings.json' with { type: 'json' };
import deleteRecreate from './delete-recreate.json' with { type: 'json' };
import indentationMismatch from './indentation-mismatch.json' with { type: 'json' };
import raceInGap from './race-in-gap.json' with { type: 'json' };
import unreadOverwrite from './unread-overwrite.json' with { type: 'json' };
import unreadEdit from './unread-edit.json' with { type: 'json' };

/** The built-in hazard files, as written (parse each with `Hazard`). */
export const builtInHazardFiles: readonly unknown[] = [
  editDistantRegion,
  writeSameRegion,
  editSameRegion,
  whitespaceOnlyChange,
  changeAndBack,
  createdAfterAbsent,
  otherSpelling,
  windowedRead,
  ownWriteThenEdit,
  resume,
  twoAgents,
  formatterLineEndings,
  deleteRecreate,
  indentationMismatch,
  raceInGap,
  unreadOverwrite,
  unreadEdit,
];
