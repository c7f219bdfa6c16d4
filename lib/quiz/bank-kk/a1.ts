import 'server-only';
import type { KkLevel, QuizItem } from '../types';

/** A1 items of the Kazakh bank (Қарапайым деңгей). Server-side: they carry the answers. */
export const A1_ITEMS: readonly QuizItem<KkLevel>[] = [
  { id: 'kk-g-001', skill: 'grammar', level: 'A1', prompt: 'Мен ___ тұрамын.', options: ['Алматыға', 'Алматыда', 'Алматыдан', 'Алматыны'], answer: 1 },
  { id: 'kk-g-002', skill: 'grammar', level: 'A1', prompt: 'Бөлмеде үш ___ бар.', options: ['орындықтар', 'орындықтың', 'орындық', 'орындықта'], answer: 2 },
  { id: 'kk-g-003', skill: 'grammar', level: 'A1', prompt: 'Бұл — менің ___.', options: ['кітабым', 'кітабың', 'кітабы', 'кітаптар'], answer: 0 },
  { id: 'kk-g-004', skill: 'grammar', level: 'A1', prompt: 'Сен студентсің ___?', options: ['ма', 'па', 'ба', 'бе'], answer: 3 },
  { id: 'kk-v-001', skill: 'vocabulary', level: 'A1', prompt: 'Аптаның бірінші күні — ___.', options: ['жексенбі', 'дүйсенбі', 'жұма', 'сейсенбі'], answer: 1 },
  { id: 'kk-v-002', skill: 'vocabulary', level: 'A1', prompt: 'Әкемнің әкесі — менің ___.', options: ['ағам', 'інім', 'атам', 'әжем'], answer: 2 },
  { id: 'kk-v-003', skill: 'vocabulary', level: 'A1', prompt: 'Қардың түсі — ___.', options: ['ақ', 'қара', 'жасыл', 'қызыл'], answer: 0 },
  { id: 'kk-v-004', skill: 'vocabulary', level: 'A1', prompt: 'Артық сөзді табыңыз.', options: ['алма', 'алмұрт', 'өрік', 'орындық'], answer: 3 },
  {
    id: 'kk-r-001', skill: 'reading', level: 'A1',
    passage: 'Менің атым — Дәулет. Мен он екі жастамын, Астанада тұрамын. Менің інім мен әпкем бар. Інімнің аты — Арман, ол жеті жаста.',
    prompt: 'Арман неше жаста?',
    options: ['Он екі', 'Жеті', 'Он', 'Бес'], answer: 1,
  },
  {
    id: 'kk-r-002', skill: 'reading', level: 'A1',
    passage: 'Бүгін — сенбі. Күн жылы әрі ашық. Асан мен Әлия саябаққа барады. Олар сонда балмұздақ жейді.',
    prompt: 'Асан мен Әлия қайда барады?',
    options: ['Мектепке', 'Дүкенге', 'Саябаққа', 'Үйге'], answer: 2,
  },
  {
    id: 'kk-r-003', skill: 'reading', level: 'A1',
    passage: 'Бұл — Нұрланның бөлмесі. Бөлмеде төсек, үстел және орындық бар. Үстелдің үстінде компьютер тұр. Мысық төсектің үстінде жатыр.',
    prompt: 'Мысық қайда жатыр?',
    options: ['Төсектің үстінде', 'Үстелдің үстінде', 'Орындықтың астында', 'Терезенің алдында'], answer: 0,
  },
  {
    id: 'kk-r-004', skill: 'reading', level: 'A1',
    passage: 'Сәлем! Менің атым — Мадина. Мен мұғаліммін, мектепте жұмыс істеймін. Мен шайды жақсы көремін, бірақ кофе ішпеймін.',
    prompt: 'Мәтін бойынша Мадина не ішпейді?',
    options: ['Шай', 'Сүт', 'Су', 'Кофе'], answer: 3,
  },
];
