// How many parts an SMS takes (3GPP TS 23.038): a text wholly in the GSM 7-bit alphabet fits 160
// characters in one part and 153 per part when concatenated (the extension table's characters count
// twice); any other character (Cyrillic, Kazakh letters, «») makes it UCS-2: 70 in one part, 67 per
// part when concatenated. Gateways bill each part.

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

/** The number of SMS parts `text` is sent in. */
export function smsParts(text: string): number {
  const chars = [...text];
  if (chars.every((c) => GSM_BASIC.includes(c) || GSM_EXTENSION.includes(c))) {
    const septets = chars.reduce((n, c) => n + (GSM_EXTENSION.includes(c) ? 2 : 1), 0);
    return septets <= 160 ? 1 : Math.ceil(septets / 153);
  }
  // UCS-2 counts UTF-16 code units (a character outside the BMP takes two).
  return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
}
