// The lesson's shared notes, typed by both sides at once: a three-way merge (no `server-only`: the
// room's page merges what arrives while its side is typing, the server merges a save made from an
// older version). diff-match-patch's patches carry context, so each side's edits land where they
// were made even after the other's edits moved the text around.
import { applyPatches, makeDiff, makePatches, parsePatch, stringifyPatches } from '@sanity/diff-match-patch';

/**
 * `mine` was edited from `base`; `theirs` is what was saved since `base`. My edits applied onto
 * theirs: both kept. A patch whose place is gone (the other side deleted the text around it) is
 * dropped, never duplicated.
 */
export function mergeNotes(base: string, mine: string, theirs: string): string {
  if (mine === base || mine === theirs) return theirs;
  if (theirs === base) return mine;
  // Through the library's patch text: applyPatches reads a patch's place as a UTF-8 offset, which is
  // what the text form carries (makePatches' own objects count UTF-16 units: in Cyrillic an edit
  // would be looked for at half its place). The place is a hint: the other side's edits moved the
  // text, so a place past its end is allowed, and the context finds where each edit goes.
  const patches = parsePatch(stringifyPatches(makePatches(base, mine)));
  const [merged] = applyPatches(patches, theirs, { allowExceedingIndices: true });
  return merged;
}

/**
 * The server's merge budget (security.md H2: one save from an old base cost 1-2 s of the event loop
 * with the library's defaults). The diff stops after DIFF_TIMEOUT_S and falls back to a coarser one;
 * a save whose edits are larger than a person types between two saves (the page saves 0.7 s after
 * typing stops) is not merged: applying one huge patch costs up to a second on a crafted text.
 */
export const SERVER_MERGE = { diffTimeoutSeconds: 0.04, maxPatchSpan: 1000, maxEditChars: 6000 } as const;

/**
 * mergeNotes within SERVER_MERGE, for the server: null when the edits are too large to merge
 * cheaply (the caller stores the save as it is, as an over-size merge always was).
 */
export function mergeNotesBounded(base: string, mine: string, theirs: string): string | null {
  if (mine === base || mine === theirs) return theirs;
  if (theirs === base) return mine;
  const diffs = makeDiff(base, mine, { timeout: SERVER_MERGE.diffTimeoutSeconds, checkLines: true });
  const patches = parsePatch(stringifyPatches(makePatches(base, diffs)));
  let edit = 0;
  for (const p of patches) {
    if (p.length1 > SERVER_MERGE.maxPatchSpan) return null;
    edit += p.length1 + p.length2;
  }
  if (edit > SERVER_MERGE.maxEditChars) return null;
  const [merged] = applyPatches(patches, theirs, { allowExceedingIndices: true });
  return merged;
}
