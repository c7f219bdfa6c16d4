// What the chat help routes answer (lib/chat-help/questions.ts), as the cabinet's chat reads it.
export type ChatSubject = 'english' | 'kazakh';
export interface ChatTime {
  tiyn: number;
  blocks: number;
  minutes: number;
}
export interface ChatQuestion {
  id: number;
  subject: ChatSubject;
  status: 'open' | 'taken' | 'closed';
  tutor: string | null;
  student: string;
  createdAt: string;
  takenAt: string | null;
  firstAnswerAt: string | null;
  closedAt: string | null;
  closedBy: 'student' | 'tutor' | 'refund' | 'idle' | null;
  lastMessageAt: string;
  preview: string;
  blocks: number;
}
export interface ChatMessage {
  id: number;
  side: 'student' | 'tutor';
  body: string;
  photo: string | null;
  blocks: number;
  at: string;
}
export interface ChatThreadData {
  question: ChatQuestion;
  side: 'student' | 'tutor' | 'candidate';
  messages: ChatMessage[];
  timeLeft: ChatTime | null;
}
export type Weekly = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', [number, number][]>>;
export interface ChatDuty {
  subjects: ChatSubject[];
  weekly: Weekly;
  active: boolean;
}

/** The API client, loaded with the first call (kept out of the page's first scripts). */
export const loadApi = () => import('@/lib/browser/api/client').then((m) => m.api);
