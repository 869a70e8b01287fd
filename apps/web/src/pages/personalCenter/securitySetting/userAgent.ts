/** A browser and operating system named from a User-Agent header, for people to recognise a session. */
export interface DeviceName {
  browser: string | undefined;
  system: string | undefined;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

// iOS and Android before their desktop look-alikes (iPad says Mac OS X, Android says Linux).
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (table: [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1];

export function describeUserAgent(userAgent: string | null): DeviceName {
  if (!userAgent) return { browser: undefined, system: undefined };
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
}
