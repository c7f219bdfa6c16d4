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
