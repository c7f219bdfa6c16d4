/** Personal numbers as lists show them (pure: pages and components may use it). */

/** "+77011234567" → "+7 701 ••• •• 67": enough to tell two people apart, not enough to call. */
export function maskPhone(e164: string): string {
  const d = e164.replace(/\D/g, '');
  if (d.length !== 11) return '•••';
  return `+7 ${d.slice(1, 4)} ••• •• ${d.slice(9, 11)}`;
}

/** An IIN of which only the last four digits are stored: "•••• •••• 1234". */
export function maskIin(last4: string): string {
  return `•••• •••• ${last4.replace(/\D/g, '').slice(-4).padStart(4, '•')}`;
}

/**
 * "Aruzhan S.": a person as another person sees them where the full name is not needed (a tutor's
 * student in homework and chat help, a certificate's public page, a group's list): the first name and
 * the last name's initial (its first letter, Kazakh letters upper-cased as Kazakh), or the first name alone.
 */
export function shortName(name: string | null | undefined, lastname: string | null | undefined): string {
  const first = (name ?? '').trim();
  const initial = Array.from((lastname ?? '').trim())[0];
  return initial ? `${first} ${initial.toLocaleUpperCase('kk')}.`.trim() : first;
}
