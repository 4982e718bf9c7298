/**
 * Questions in another language. The site and its assistant are in English only, so a
 * question in French or Polish is answered in that language with what the assistant can do: say
 * that it answers in English, and offer the contact page. The language is recognised by its most
 * common short words (the ones English never uses) and a few letters only it has; one phrase per
 * language, kept here in one small table so a translator can check them all at once.
 */

export type OtherLanguage = "es" | "fr" | "de" | "cy" | "pl" | "it" | "pt" | "nl";

interface LanguageEntry {
  /** Common words of the language that are not English words (accents removed, lower case). */
  words: ReadonlySet<string>;
  /** Letters or marks only this language (of these) uses. */
  letters?: RegExp;
  /** "Sorry, I can only answer in English..." with a Markdown link to /contact. */
  reply: string;
}

const entry = (words: string, reply: string, letters?: RegExp): LanguageEntry => ({
  words: new Set(words.split(" ")),
  reply,
  letters,
});

const LANGUAGES: Readonly<Record<OtherLanguage, LanguageEntry>> = {
  es: entry(
    "hola buenos buenas dias tardes cuanto cuanta cuesta cuestan el los las del curso cursos tienen tiene ofrecen ofrece donde esta estan gracias trabajo empleo vacantes ustedes usted precio como que para por puedo quiero hay su sus una unos es son horario",
    "Lo siento, solo puedo responder en inglés: nuestro sitio web está en inglés. Si prefiere escribir en español, envíe su mensaje a nuestro equipo a través de nuestra [página de contacto](/contact).",
    /[¿¡ñ]/,
  ),
  fr: entry(
    "bonjour bonsoir salut vous votre vos nous des les est sont combien coute cours formation formations proposez avez etes offres emploi merci pour avec dans une quel quelle quels ou je puis peux sur",
    "Désolé, je ne peux répondre qu'en anglais : notre site est en anglais. Si vous préférez écrire en français, envoyez votre message à notre équipe via notre [page de contact](/contact).",
    /[çœ]|\b(c|d|j|l|m|n|qu|s)'/,
  ),
  de: entry(
    "hallo guten tag morgen abend habt haben hat ihr sie wir ich ist sind und oder der die das ein eine einen nicht mit fur wie was wo wann kann konnen kosten kostet kurs kurse stellen offene gibt es bitte danke arbeit bei euch ihnen",
    "Entschuldigung, ich kann nur auf Englisch antworten: Unsere Website ist auf Englisch. Wenn Sie lieber auf Deutsch schreiben, senden Sie Ihre Nachricht über unsere [Kontaktseite](/contact) an unser Team.",
    /[ßäöü]/,
  ),
  cy: entry(
    "helo shwmae bore prynhawn noswaith da diolch oes gennych chi ydych ydy mae beth faint sut ble pryd hoffwn gyda eich ein cwrs cyrsiau swydd swyddi gwaith yw gallwch allwch",
    "Mae'n ddrwg gen i, dim ond yn Saesneg y gallaf ateb: mae ein gwefan yn Saesneg. Os yw'n well gennych ysgrifennu yn Gymraeg, anfonwch eich neges at ein tîm drwy ein [tudalen gyswllt](/contact).",
    /[ŵŷ]/,
  ),
  pl: entry(
    "czesc dzien dobry czy jest sa macie mam jak ile kosztuje gdzie kiedy prosze dziekuje sie nie tak dla oraz kurs kursy kursu pracy praca oferujecie szukacie jestescie moge chce",
    "Przepraszam, mogę odpowiadać tylko po angielsku: nasza strona jest po angielsku. Jeśli wolisz pisać po polsku, wyślij wiadomość do naszego zespołu przez naszą [stronę kontaktową](/contact).",
    /[łąęśćźżń]/,
  ),
  it: entry(
    "ciao buongiorno buonasera quanto quanti costa costano il gli della dello corso corsi avete offrite dove siete sono grazie lavoro per che una uno questo posso vorrei offerte",
    "Mi dispiace, posso rispondere solo in inglese: il nostro sito è in inglese. Se preferisce scrivere in italiano, invii il suo messaggio al nostro team tramite la nostra [pagina dei contatti](/contact).",
  ),
  pt: entry(
    "ola bom dia tarde quanto custa custam voces voce tem curso cursos onde obrigado obrigada trabalho vagas para nao uma um sao estao posso gostaria oferecem",
    "Desculpe, só posso responder em inglês: o nosso site está em inglês. Se preferir escrever em português, envie a sua mensagem à nossa equipa através da nossa [página de contacto](/contact).",
    /[ãõ]/,
  ),
  nl: entry(
    "hallo goedemorgen goedemiddag hoeveel kost kosten cursus cursussen jullie hebben heeft waar zijn bedankt vacatures werk het een niet voor met wat welke kunnen graag dank",
    "Sorry, ik kan alleen in het Engels antwoorden: onze website is in het Engels. Als u liever in het Nederlands schrijft, stuur uw bericht dan via onze [contactpagina](/contact) naar ons team.",
    /\bij\w/,
  ),
};

/** English words that other languages share: a question full of them is English. */
const ENGLISH =
  /^(the|a|an|is|are|do|does|you|your|what|how|much|many|can|i|we|for|of|to|in|on|with|and|or|course|courses|job|jobs|have|has|any|about|where|when|who|which|it|that|this|me|my|our|us|please|thanks|hi|hello)$/;

/** Accents gone, lower case: "cybersécurité" is "cybersecurite". */
function plain(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
}

/**
 * The language of a question written in one of the languages above, or null for English (and for
 * anything it is not sure about). Deterministic: ties go to the first language in the table.
 */
export function otherLanguageOf(question: string): OtherLanguage | null {
  const words = plain(question).match(/[a-z]+/g) ?? [];
  if (words.length === 0) return null;
  const english = words.filter((word) => ENGLISH.test(word)).length;
  let best: { language: OtherLanguage; score: number } | null = null;
  for (const [language, { words: known, letters }] of Object.entries(LANGUAGES) as [OtherLanguage, LanguageEntry][]) {
    const score =
      words.filter((word) => known.has(word)).length + (letters && letters.test(question.toLowerCase()) ? 2 : 0);
    if (!best || score > best.score) best = { language, score };
  }
  if (!best || best.score < 2 || best.score <= english) return null;
  return best.language;
}

/** The reply in the visitor's language, followed by the same in English for the team's benefit. */
export function otherLanguageReply(language: OtherLanguage): string {
  return `${LANGUAGES[language].reply}\n\n(Sorry, I can only answer in English. You can reach our team through our [contact page](/contact).)`;
}
