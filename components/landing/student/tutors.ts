// The tutors shown on the landing; names and subjects live in StudentLanding.people.
export interface TutorInfo {
  id: `t${number}`;
  image: string;
  years: number;
}

export const TUTORS: readonly TutorInfo[] = [
  { id: 't1', image: '/images/tutors/tutor-1.svg', years: 7 },
  { id: 't2', image: '/images/tutors/tutor-2.svg', years: 5 },
  { id: 't3', image: '/images/tutors/tutor-3.svg', years: 6 },
  { id: 't4', image: '/images/tutors/tutor-4.svg', years: 9 },
  { id: 't5', image: '/images/tutors/tutor-5.svg', years: 4 },
  { id: 't6', image: '/images/tutors/tutor-6.svg', years: 8 },
  { id: 't7', image: '/images/tutors/tutor-7.svg', years: 11 },
  { id: 't8', image: '/images/tutors/tutor-8.svg', years: 10 },
];

/** The sample shortlist in "choose a tutor": IELTS in the evenings. */
export const SHORTLIST = ['t1', 't8', 't6'] as const;
