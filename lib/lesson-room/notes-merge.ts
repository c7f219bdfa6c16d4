// The lesson's shared notes, typed by both sides at once: a three-way merge (no `server-only`: the
// room's page merges what arrives while its side is typing, the server merges a save made from an
// older version). diff-match-patch's patches carry context, so each side's edits land where they
// were made even after the other's edits moved the text around.
import { applyPatches, makePatches, parsePatch, stringifyPatches } from '@sanity/diff-match-patch';

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
