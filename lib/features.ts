// Parts of the site that exist end to end. A link to a part that is not built yet is not shown.
export const features = {
  accounts: true, // sign-in, sign-up, cabinet (issue: accounts)
  quiz: true, // /stud-quiz, /stud-test, /kazakh-test, /certificate (issue: placement test)
} as const;
