/**
 * The version of the personal-data consent texts (messages: Consent.*). Every form that sends
 * personal data shows that text and sends this version; the server refuses any other (a page left
 * open across a change of the text) and stores the version and the time with the lead, the account
 * or the Kazakh test taker (Law of the Republic of Kazakhstan "On personal data and their protection").
 * Change it whenever the wording of Consent.* or of the privacy policy changes.
 */
export const CONSENT_VERSION = '2026-11-29';
