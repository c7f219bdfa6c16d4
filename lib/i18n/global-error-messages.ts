import ru from '@/messages/ru.json' with { type: 'json' };
import kk from '@/messages/kk.json' with { type: 'json' };
import en from '@/messages/en.json' with { type: 'json' };

// Only this namespace ends up in the global error page's chunk (the bundler drops the rest).
export const GLOBAL_ERROR_MESSAGES = { ru: ru.GlobalError, kk: kk.GlobalError, en: en.GlobalError } as const;
