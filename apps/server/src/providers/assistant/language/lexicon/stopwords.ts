/** Stop words: data, one text of words split on white space (any language). */
/**
 * Words with no meaning for matching (articles, pronouns, fillers, polite words, Thai particles and
 * classifiers). They still take part in keyword phrases.
 */
export const STOPWORDS_TEXT = `
a an the of to for in on at by from is are am be was were do does did i me my we our you your he she they it its
this that these those there here what which who how can could would should will shall may might some any anything
something everything please pls like want need get have has had got give take also too very really just so well
then than or but if about dish dishes food meal meals option options thing things item items one ones menu one's
yes no ok okay hmm hey oh also else any other more much many lot lots kind type sort us let lets let's
i'm im i'll ill i'd id you're we're can't cant don't dont isn't is't s ll d re ve m t
le la les l un une des du de d au aux et ou mais donc or ni car je tu il elle on nous vous ils elles me te se y en
ce cet cette ces mon ma mes ton ta tes son sa ses notre votre leur leurs qui que quoi qu est sont suis es ai as a avez
avons ont plat plats chose choses quelque quelques peu bien merci oui non voudrais veux vous pour par sur dans plaît
il lo gli i le la un uno una un' di da del della dello dei delle degli al allo alla ai agli alle dal dalla nel nella
sul sulla che chi cosa come per tra fra mi ti ci vi si sono sei è e ho hai ha abbiamo avete hanno piatto piatti qualcosa
qualche vorrei voglio anche molto po' un po
der die das den dem des ein eine einer eines einem einen und oder aber ich du er sie es wir ihr mich mir dich dir uns
his her their mio mia miei mie tuo tua suo sua nostro nostra vostro vostra
mein meine meinen meinem meiner meines dein deine deinen unser unsere unseren unserem euer eure ihre ihren seine seinen
euch ist sind bin bist war haben habe hast hat gibt gericht gerichte speise speisen etwas was welche welcher welches
wie auch noch sehr mal doch ja nein gern gerne zu zum zur im am vom beim für von auf an in aus bei mit
need besoin bisogno brauche eat eating safe okay handle allowed suitable ok fine good nice here now
manger mange peux peut puis pouvez possible convient adapté bon bonne ici maintenant c j n s m qu t
mangiare posso puoi può adatto adatta buono buona qui adesso ora
essen esse kann kannst können darf geeignet gut hier jetzt gehen geht passt
กิน ทาน ได้บ้าง ดี ดีๆ ตอนนี้ ที่นี่ ครับ ค่ะ คะ นะ จ้ะ จ้า หน่อย ได้ไหม ได้ ไหม มั้ย บ้าง อะไร อาหาร เมนู จาน ที่ แก้ว ชาม ถ้วย ชิ้น ขวด อัน กล่อง ห่อ ลูก ที
ให้ ด้วย ผม ฉัน ดิฉัน เรา คุณ เป็น คือ ของ และ กับ จะ ก็ มี ไม่ ขอ เอา หน่อยครับ หน่อยค่ะ แบบ ไป มา แล้ว ค่ะ
stuff think guess suppose believe reckon pense crois penso credo glaube denke คิดว่า friend friends buddy pal amigo ami amis amie amico amici amica freund freunde leute monsieur madame signora signore herr frau say sagen sag dire dites dimmi dica work works far available already still yet right um uh erm alright anyway guys folks mate sir madam
déjà alors bon ben euh bah maintenant svp stp voilà actuellement
già allora dunque ecco beh ehm finora
schon bisher also na äh ähm jetzt denn halt eben gerade bitte momentan
นะคะ นะครับ ละ ล่ะ เลย จ้ะ ฮะ ครับผม คร้าบ ค่า
`;
