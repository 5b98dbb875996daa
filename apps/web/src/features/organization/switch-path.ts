/**
 * Where to stay after switching organizations: list pages exist in every organization, but a
 * plan or run id belongs to the one just left (it would answer 404), so those go to the dashboard.
 */
export function pathAfterSwitch(pathname: string): string {
  if (/^\/(plans|runs)\/(?!new$)[^/]+/.test(pathname)) return '/';
  return pathname;
}
