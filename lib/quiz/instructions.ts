import type { Skill } from './types';

/**
 * Per-skill instructions shown above an item. Safe for the browser (no answers here).
 * English test: instructions in the visitor's locale, items in English.
 * Kazakh test: instructions and items in Kazakh, whatever the locale.
 */
export const EN_TEST_INSTRUCTIONS: Record<'ru' | 'kk' | 'en', Record<Skill, string>> = {
  en: {
    grammar: 'Choose the option that correctly completes the sentence.',
    vocabulary: 'Choose the best word or phrase.',
    reading: 'Read the text and answer the question.',
  },
  ru: {
    grammar: 'Выберите вариант, который правильно дополняет предложение.',
    vocabulary: 'Выберите наиболее подходящее слово или выражение.',
    reading: 'Прочитайте текст и ответьте на вопрос.',
  },
  kk: {
    grammar: 'Сөйлемді дұрыс толықтыратын нұсқаны таңдаңыз.',
    vocabulary: 'Ең орынды сөзді немесе тіркесті таңдаңыз.',
    reading: 'Мәтінді оқып, сұраққа жауап беріңіз.',
  },
};

export const KK_TEST_INSTRUCTIONS: Record<Skill, string> = {
  grammar: 'Сөйлемді дұрыс толықтыратын нұсқаны таңдаңыз.',
  vocabulary: 'Дұрыс жауапты таңдаңыз.',
  reading: 'Мәтінді оқып, сұраққа жауап беріңіз.',
};
