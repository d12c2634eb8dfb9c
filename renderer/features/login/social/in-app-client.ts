/** Which in-app provider a user agent belongs to (spec §4 step 8): WeCom first, then WeChat. */
export function inAppClient(userAgent: string): 'qy' | 'mp' | null {
  if (/wxwork/i.test(userAgent)) return 'qy';
  if (/MicroMessenger/i.test(userAgent)) return 'mp';
  return null;
}
