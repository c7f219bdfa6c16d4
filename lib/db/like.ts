/** A user's text inside a LIKE pattern: %, _ and \ match themselves. */
export const likeEscape = (s: string) => s.replace(/[%_\\]/g, '\\$&');
