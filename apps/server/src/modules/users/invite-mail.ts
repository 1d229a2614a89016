import type { Language } from '@carte/domain';

/** What an invitation e-mail says, in the inviting owner's language (decision 026). */
export interface InviteMailInput {
  language: Language;
  venueName: string;
  role: 'owner' | 'manager';
  link: string;
  /** When the link stops working, already written for the reader (UTC). */
  expiresAt: Date;
}

const WORDS: Record<
  Language,
  { subject: string; role: { owner: string; manager: string }; body: string; until: string; ignore: string }
> = {
  en: {
    subject: 'Your invitation to {venue} on Carte',
    role: { owner: 'an owner', manager: 'a manager' },
    body: 'You are invited to join {venue} on Carte as {role}. Open this link to accept the invitation:',
    until: 'The link works once, until {date} (UTC).',
    ignore: 'If you did not expect this invitation, you can ignore this e-mail.',
  },
  fr: {
    subject: 'Votre invitation à rejoindre {venue} sur Carte',
    role: { owner: 'propriétaire', manager: 'gérant·e' },
    body: 'Vous êtes invité·e à rejoindre {venue} sur Carte en tant que {role}. Ouvrez ce lien pour accepter l’invitation :',
    until: 'Le lien fonctionne une seule fois, jusqu’au {date} (UTC).',
    ignore: 'Si vous n’attendiez pas cette invitation, ignorez cet e-mail.',
  },
  it: {
    subject: 'Il tuo invito a {venue} su Carte',
    role: { owner: 'titolare', manager: 'responsabile' },
    body: 'Sei invitato a unirti a {venue} su Carte come {role}. Apri questo link per accettare l’invito:',
    until: 'Il link funziona una sola volta, fino al {date} (UTC).',
    ignore: 'Se non aspettavi questo invito, puoi ignorare questa e-mail.',
  },
  de: {
    subject: 'Ihre Einladung zu {venue} auf Carte',
    role: { owner: 'Inhaber·in', manager: 'Manager·in' },
    body: 'Sie sind eingeladen, {venue} auf Carte als {role} beizutreten. Öffnen Sie diesen Link, um die Einladung anzunehmen:',
    until: 'Der Link funktioniert einmal, bis {date} (UTC).',
    ignore: 'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
  },
  th: {
    subject: 'คำเชิญเข้าร่วม {venue} บน Carte',
    role: { owner: 'เจ้าของ', manager: 'ผู้จัดการ' },
    body: 'คุณได้รับเชิญให้เข้าร่วม {venue} บน Carte ในฐานะ{role} เปิดลิงก์นี้เพื่อตอบรับคำเชิญ:',
    until: 'ลิงก์ใช้ได้ครั้งเดียว จนถึง {date} (UTC)',
    ignore: 'หากคุณไม่ได้คาดหวังคำเชิญนี้ คุณสามารถเพิกเฉยต่ออีเมลนี้ได้',
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

export function inviteMail(input: InviteMailInput): { subject: string; text: string } {
  const words = WORDS[input.language];
  const date = input.expiresAt.toISOString().slice(0, 16).replace('T', ' ');
  const values = { venue: input.venueName, role: words.role[input.role], date };
  return {
    subject: fill(words.subject, values),
    text: [fill(words.body, values), '', input.link, '', fill(words.until, values), '', words.ignore, ''].join('\n'),
  };
}
