/** Password rule of the platform: at least 8 characters with both letters and digits, at most 64. */
export function passwordProblem(pw: string): string | null {
  if (pw.length < 8) return '密码至少8位';
  if (pw.length > 64) return '密码不能超过64位';
  if (!/[A-Za-z]/.test(pw) || !/\d/.test(pw)) return '密码须同时包含字母和数字';
  return null;
}
