/**
 * Spec §8/§9: the platform runs inside Sabaq's mobile apps too; they are told when the tokens are
 * refreshed so that their own requests keep working. Detected by user-agent markers: the apps add
 * `SabaqApp/<version> (ios|android)`; a plain WebView is recognised by its platform's markers.
 */
export type MobileApp = 'ios' | 'android';

export function detectMobileApp(userAgent: string): MobileApp | null {
  const app = /SabaqApp\/[\d.]+\s*\((ios|android)\)/i.exec(userAgent);
  if (app) return app[1]!.toLowerCase() as MobileApp;
  // Android WebView: "; wv)" in the platform part; iOS WKWebView: an iPhone/iPad without "Safari/".
  if (/Android/.test(userAgent) && /;\s*wv\)/.test(userAgent)) return 'android';
  if (
    /\b(iPhone|iPad|iPod)\b/.test(userAgent) &&
    /AppleWebKit/.test(userAgent) &&
    !/Safari\//.test(userAgent)
  )
    return 'ios';
  return null;
}

interface NativeBridges {
  webkit?: { messageHandlers?: { sabaq?: { postMessage: (message: unknown) => void } } };
  SabaqAndroid?: { onTokenRefreshed?: (accessToken: string) => void };
}

/**
 * Tells the mobile app hosting this page that the tokens were refreshed (spec §8, 426). Nothing
 * happens in a browser. Returns the app told, for tests.
 */
export function notifyMobileAppOfRefresh(
  accessToken: string,
  userAgent: string = navigator.userAgent,
  host: NativeBridges = window as unknown as NativeBridges,
): MobileApp | null {
  const app = detectMobileApp(userAgent);
  if (app === 'ios')
    host.webkit?.messageHandlers?.sabaq?.postMessage({ type: 'token-refreshed', accessToken });
  if (app === 'android') host.SabaqAndroid?.onTokenRefreshed?.(accessToken);
  return app;
}
