/**
 * Crawlers and link-preview fetchers. They get a plain-text 404 instead of the app's error page.
 * Command-line clients (curl, wget) and headless browsers used for tests and audits are not bots.
 */
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|facebookcatalog|embedly|bingpreview|whatsapp|skypeuripreview|yandex|baidu|archiver|ia_archiver|semrush|ahrefs|mj12|petalsearch|bytespider|google-inspectiontool|feedfetcher/i;

export function isBot(userAgent: string | undefined): boolean {
  return !!userAgent && BOT_PATTERN.test(userAgent);
}
