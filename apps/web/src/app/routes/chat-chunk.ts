import type * as ChatFeature from '../../features/chat/index.ts';
import { loadSanitizer } from '../../features/chat/lib/sanitizer.ts';

// The conversation is a chunk of its own, so the guest page's first load stays small
// (architecture.md section 8). The chat page requests it as soon as it renders, while the venue
// loads; a failed download is tried once more before the panel gives up (the next page that needs
// it asks again). What only sending needs (the request and its event-stream reader) and the
// replies' sanitiser (DOMPurify) are chunks of their own, which a first visit does not download
// during its load: they come when the guest starts to write or touches a suggestion (prepareChat),
// at the latest when a message goes, and the sanitiser beside the conversation's chunk when the
// stored conversation holds replies.
let chatChunk: Promise<typeof ChatFeature> | null = null;

export function loadChat(): Promise<typeof ChatFeature> {
  chatChunk ??= import('../../features/chat/index.ts')
    .catch(
      () =>
        new Promise<typeof ChatFeature>((resolve, reject) =>
          setTimeout(() => void import('../../features/chat/index.ts').then(resolve, reject), 1000),
        ),
    )
    .catch((error: unknown) => {
      chatChunk = null;
      throw error;
    });
  return chatChunk;
}

/** The guest starts to write a message (focus, typing, a suggestion pressed): what it needs downloads now. */
export function prepareChat(): void {
  void loadSanitizer();
  loadChat().then(
    (chat) => chat.prepareToSend(),
    () => {},
  );
}
