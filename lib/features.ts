// Parts of the site that exist end to end. A link to a part that is not built yet is not shown.
export const features = {
  accounts: true, // sign-in, sign-up, cabinet (issue: accounts)
  quiz: false, // /stud-quiz, /stud-test (issue: placement test)
} as const;
