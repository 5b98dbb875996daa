/** The LOADLINE_RUNNER_KEY of test stacks: API and runners must share it to open job secrets. */
export const TEST_RUNNER_KEY = 'loadline-test-runner-key-not-a-secret-0123456789';
