// The cabinet's sections other pages link to (a tiny module of its own: the public group page's island
// and the checkout's return page import it without the sections' code).

/** "My groups": a student's seats, their lessons ahead, the waitlist (components/cabinet/cabinet-groups.tsx). */
export const GROUPS_ANCHOR = 'cabinet-groups';
export const CABINET_GROUPS_PATH = `/cabinet#${GROUPS_ANCHOR}`;

/** The student's packages and payments (components/checkout/cabinet-money.tsx). */
export const CABINET_MONEY_PATH = '/cabinet#cabinet-money';
