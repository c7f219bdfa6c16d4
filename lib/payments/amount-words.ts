// An amount of money in words, as Kazakh invoices, acts and reconciliation statements print it
// ("Сорок пять тысяч тенге 00 тиын"): whole tenge in words in the document's language, the tiyn as
// two digits. Pure (the PDFs and their tests use it). Up to 999 999 999 999 tenge.
import type { Locale } from '@/i18n/routing';

const RU = {
  onesM: ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
  onesF: ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
  teens: ['десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать', 'восемнадцать', 'девятнадцать'],
  tens: ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'],
  hundreds: ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'],
  // Each scale: its forms for 1, 2-4 and 5+ (and 11-14), and whether its units are feminine.
  scales: [
    { forms: ['', '', ''], feminine: false },
    { forms: ['тысяча', 'тысячи', 'тысяч'], feminine: true },
    { forms: ['миллион', 'миллиона', 'миллионов'], feminine: false },
    { forms: ['миллиард', 'миллиарда', 'миллиардов'], feminine: false },
  ],
};

const KK = {
  ones: ['', 'бір', 'екі', 'үш', 'төрт', 'бес', 'алты', 'жеті', 'сегіз', 'тоғыз'],
  tens: ['', 'он', 'жиырма', 'отыз', 'қырық', 'елу', 'алпыс', 'жетпіс', 'сексен', 'тоқсан'],
  scales: ['', 'мың', 'миллион', 'миллиард'],
};

const EN = {
  ones: ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'],
  tens: ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'],
  scales: ['', 'thousand', 'million', 'billion'],
};

/** Groups of three digits, lowest first: 45 000 → [0, 45]. */
const groups = (n: number): number[] => {
  const out: number[] = [];
  do {
    out.push(n % 1000);
    n = Math.floor(n / 1000);
  } while (n > 0);
  return out;
};

const ruForm = (n: number): 0 | 1 | 2 => (n % 100 >= 11 && n % 100 <= 14 ? 2 : n % 10 === 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 ? 1 : 2);

function ruTriple(n: number, feminine: boolean): string[] {
  const words = [RU.hundreds[Math.floor(n / 100)]!];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(RU.teens[rest - 10]!);
  else words.push(RU.tens[Math.floor(rest / 10)]!, (feminine ? RU.onesF : RU.onesM)[rest % 10]!);
  return words.filter(Boolean);
}

function ruWords(n: number): string {
  if (n === 0) return 'ноль';
  const words: string[] = [];
  groups(n).forEach((g, i) => {
    if (g === 0) return;
    const scale = RU.scales[i]!;
    words.unshift(...ruTriple(g, scale.feminine), scale.forms[ruForm(g)]!);
  });
  return words.filter(Boolean).join(' ');
}

function kkTriple(n: number): string[] {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  // "бір жүз" as financial documents write it (жүз alone is the spoken form).
  return [h ? `${KK.ones[h]} жүз` : '', KK.tens[Math.floor(rest / 10)]!, KK.ones[rest % 10]!].filter(Boolean);
}

function kkWords(n: number): string {
  if (n === 0) return 'нөл';
  const words: string[] = [];
  groups(n).forEach((g, i) => {
    if (g === 0) return;
    words.unshift(...kkTriple(g), KK.scales[i]!);
  });
  return words.filter(Boolean).join(' ');
}

function enTriple(n: number): string[] {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const words = h ? [EN.ones[h]!, 'hundred'] : [];
  if (rest < 20) words.push(EN.ones[rest]!);
  else words.push(rest % 10 ? `${EN.tens[Math.floor(rest / 10)]}-${EN.ones[rest % 10]}` : EN.tens[Math.floor(rest / 10)]!);
  return words.filter(Boolean);
}

function enWords(n: number): string {
  if (n === 0) return 'zero';
  const words: string[] = [];
  groups(n).forEach((g, i) => {
    if (g === 0) return;
    words.unshift(...enTriple(g), EN.scales[i]!);
  });
  return words.filter(Boolean).join(' ');
}

/** Whole tenge in words (lower case): 45 000 → "сорок пять тысяч" / "қырық бес мың" / "forty-five thousand". */
export function numberInWords(n: number, locale: Locale): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new Error(`numberInWords: ${n} is out of range`);
  return locale === 'kk' ? kkWords(n) : locale === 'en' ? enWords(n) : ruWords(n);
}

const CURRENCY: Record<Locale, { tenge: string; tiyn: string }> = {
  ru: { tenge: 'тенге', tiyn: 'тиын' },
  kk: { tenge: 'теңге', tiyn: 'тиын' },
  en: { tenge: 'tenge', tiyn: 'tiyn' },
};

/** An amount in tiyn in words, capitalised: 4 500 000 → "Сорок пять тысяч тенге 00 тиын". */
export function amountInWords(tiyn: number, locale: Locale): string {
  if (!Number.isSafeInteger(tiyn) || tiyn < 0) throw new Error(`amountInWords: ${tiyn} is not a whole, non-negative number of tiyn`);
  const words = numberInWords(Math.floor(tiyn / 100), locale);
  const c = CURRENCY[locale];
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${c.tenge} ${String(tiyn % 100).padStart(2, '0')} ${c.tiyn}`;
}
