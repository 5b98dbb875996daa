import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { setPasswordEstimator, type PasswordEstimate } from './password-strength.js';

/**
 * Importing this module registers zxcvbn-ts, with the common and English dictionaries, as the
 * password estimator of password-strength.ts. A separate entry point because the dictionaries
 * are megabytes: the web app loads it only where a password is chosen.
 */
const zxcvbn = new ZxcvbnFactory({ dictionary: { ...commonDictionary, ...englishDictionary }, graphs: adjacencyGraphs, translations });

setPasswordEstimator((password, personal): PasswordEstimate => {
  const result = zxcvbn.check(password, [...personal]);
  return { score: result.score, warning: result.feedback.warning || null };
});
