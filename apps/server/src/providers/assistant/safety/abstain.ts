/**
 * Answer or abstain (issue 17 item 3), before any menu rule: a question about the venue is answered
 * from the venue's own data (opening hours from its schedule) or the reply says to ask the staff; a
 * request off the subject, or an instruction to the assistant ("ignore your rules"), gets a short
 * polite refusal in the guest's language, with no dish and no action. Anything else: null, the
 * menu rules answer.
 */
import { openingStateAt, type VenueSchedule } from '@carte/domain';
import { compilePhrases, matchPhrases, tokenize, type Lang } from '../language/tokens.ts';
import { TOPIC_WORDS, type Topic } from '../language/topics.ts';
import { replyLanguage } from '../offline/reply-language.ts';
import type { AssistantInput, AssistantReply } from '../types.ts';
import { say } from './messages.ts';

const LANGS: Lang[] = ['en', 'fr', 'it', 'de', 'th'];
const TOPICS = compilePhrases(
  LANGS.flatMap((l) =>
    (Object.entries(TOPIC_WORDS[l]) as [Topic, string[]][]).flatMap(([topic, words]) =>
      words.map((w): [string, Topic] => [w, topic]),
    ),
  ),
);
/** Most decisive first: an instruction to the assistant is refused whatever else the message asks. */
const RANK: Topic[] = ['injection', 'hours', 'venue', 'off_topic'];

/** What the message is about, when it is one of the topics the menu does not answer. */
export function topicOf(message: string): Topic | null {
  const found = new Set(matchPhrases(tokenize(message), TOPICS).map((m) => m.value));
  return RANK.find((t) => found.has(t)) ?? null;
}

function locale(lang: Lang): string {
  return lang === 'th' ? 'th-TH-u-ca-gregory' : lang;
}

/** The opening state said in a sentence, times in the venue's zone. */
export function hoursAnswer(schedule: VenueSchedule, now: number, lang: Lang): string {
  const state = openingStateAt(schedule, now);
  const time = (at: number) =>
    new Intl.DateTimeFormat(locale(lang), {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: schedule.timezone,
    }).format(at);
  if (state.open)
    return state.closesAt !== undefined
      ? say(lang, 'openUntil', { time: time(state.closesAt) })
      : say(lang, 'openAllDay');
  if (state.nextOpening === undefined) return say(lang, 'closedNoOpening');
  const when = new Intl.DateTimeFormat(locale(lang), {
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: schedule.timezone,
  }).format(state.nextOpening);
  return say(lang, 'closedOpensAt', { when });
}

/** The reply when the message is not for the menu rules; null when it is. */
export function answerOrAbstain(input: AssistantInput): AssistantReply | null {
  const topic = topicOf(input.message);
  if (!topic) return null;
  const lang = replyLanguage(input.message, input.language) as Lang;
  const paragraph = (text: string): AssistantReply['blocks'] => [{ type: 'paragraph', text }];
  if (topic === 'hours' && input.schedule)
    return {
      blocks: paragraph(hoursAnswer(input.schedule, input.now ?? Date.now(), lang)),
      products: [],
      actions: [],
      intent: 'venue_hours',
    };
  if (topic === 'hours' || topic === 'venue')
    return { blocks: paragraph(say(lang, 'askStaff')), products: [], actions: [], intent: 'venue_question' };
  return { blocks: paragraph(say(lang, 'offTopic')), products: [], actions: [], intent: topic };
}
