/** Marketing routes that exist in every locale (sitemap, e2e, bench). */
export const MARKETING_PATHS = ['/', '/student', '/teacher', '/teach-faq', '/teach-tariff-plans', '/stud-tariff-plans', '/stud-faq'] as const;
/** The tests and the quiz: public, static start screens (sitemap, e2e). */
export const TEST_PATHS = ['/stud-quiz', '/stud-test', '/kazakh-test'] as const;
/** The tutor catalogue (issue 14) and the groups (issue 33): public, cached, in the sitemap with each published tutor's and public group's page. */
export const CATALOGUE_PATHS = ['/tutors', '/groups'] as const;
