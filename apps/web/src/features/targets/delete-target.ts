/**
 * What deleting a target means, as the confirmation asks it. The API deletes the target only:
 * runs and their reports stay, and plans that point at it stay but cannot start a run (a run
 * needs its target) until they are edited to point at another. `planNames` undefined: the
 * plans are not known yet, so the question does not guess.
 */
export function deleteTargetQuestion(targetName: string, planNames: readonly string[] | undefined): string {
  const kept = 'Its runs and their reports are kept.';
  if (planNames === undefined) return `Delete target “${targetName}”? Plans that use it can no longer run until moved to another target. ${kept}`;
  if (planNames.length === 0) return `Delete target “${targetName}”? No plan uses it. ${kept}`;
  const listed =
    planNames.length <= 3
      ? planNames.map((name) => `“${name}”`).join(', ')
      : `${planNames
          .slice(0, 3)
          .map((name) => `“${name}”`)
          .join(', ')} and ${planNames.length - 3} more`;
  return `Delete target “${targetName}”? ${planNames.length === 1 ? 'The plan' : `${planNames.length} plans`} ${listed} ${planNames.length === 1 ? 'uses' : 'use'} it and can no longer run until moved to another target. ${kept}`;
}
