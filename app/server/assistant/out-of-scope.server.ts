/**
 * What the site assistant must not answer from the site, and what it says instead:
 * other people's personal data (never the contact card, which would look like an answer), medical
 * and legal questions (a proper source: 999 / NHS 111, Citizens Advice or a solicitor, not the
 * company's team), comparisons with other companies, abuse, and attempts to change or reveal its
 * instructions. Each reply says plainly what it cannot do and what it can help with. Checked before
 * any routing, so a word such as "e-mail" in "give me your customer's e-mail" never reaches the
 * contact details.
 */

export type OutOfScopeKind = "personal-data" | "medical" | "legal" | "competitor" | "abuse" | "instructions";

export interface OutOfScopeReply {
  kind: OutOfScopeKind;
  text: string;
}

/** What the assistant can help with, ending every refusal so the visitor knows where to go next. */
export const CAN_HELP_WITH =
  "I can help with questions about our services, training courses and their prices, job openings, business hours and how to reach the team.";

/** Other people: customers, applicants, a named person. (The company's own details are not theirs.) */
const THIRD_PARTY =
  /\b(customers?|clients?|applicants?|candidates?|people who|other (people|visitors|users|customers)|(employees?|staff|colleagues?)('s|s')? (personal|home|private|mobile)|(mr|mrs|ms|miss)\.? [a-z]+)\b/i;
const PERSONAL_DATA =
  /\b(e-?mail( address(es)?)?|phone( numbers?)?|mobile( numbers?)?|home address(es)?|address(es)?|contact details|personal (data|details|information)|details|cvs?|date of birth|salar(y|ies)|passwords?|bank details|records?|data)\b/i;
const ASKS_TO_DISCLOSE =
  /\b(give|send|share|tell|show|list|provide|pass on|forward|get|find|look up|lookup|what (is|are)|who (is|are)|i want|i need|can i have|email me)\b/i;
/** A full name: two capitalised words that are not the start of a sentence. */
const NAMED_PERSON =
  /\b(of|for|about|from)\s+(your\s+\w+\s+)?[A-Z][a-z]+\s+[A-Z][a-z]+\b|\b[A-Z][a-z]+\s+[A-Z][a-z]+['’]s\b/;

const MEDICAL =
  /\b((chest|head|stomach|back|tooth|ear|joint) ?(pains?|aches?)|pains? in my|headaches?|dizzy|dizziness|faint(ing|ed)?|symptoms?|medical (advice|help|question)|doctor|gp|diagnos(e|ed|is)|medications?|medicines?|prescriptions?|overdose|bleeding(?! edge)|fever|rash|can'?t breathe|short(ness)? of breath|heart attack|stroke|i feel (sick|ill|unwell)|injur(y|ed|ies)|pregnan\w*|suicid\w*|self[- ]harm|kill myself)\b/i;
const CRISIS = /\b(suicid\w*|self[- ]harm|kill myself|end my life)\b/i;
const LEGAL =
  /\b(sue|suing|sued|lawsuit|legal advice|solicitors?|lawyers?|barristers?|landlord|tenancy|tenant|deposit back|court|tribunal|divorce|custody|evict\w*|unfair(ly)? dismiss\w*|small claims|my (legal )?rights|legal action|take (them|him|her) to court|compensation claim|is it legal|illegal for)\b/i;

/** Well-known IT consultancies and service firms visitors compare us with. */
const COMPETITORS =
  /\b(accenture|deloitte|capgemini|infosys|tata consultancy|wipro|cognizant|pwc|kpmg|ernst (&|and) young|thoughtworks|sopra steria|bjss|kainos|softwire|mckinsey)\b/i;
/** "Better than X", "X vs you", "compared with X": a comparison with another company. */
const COMPARISON =
  /\b(better|worse|cheaper|dearer|bigger|faster) than\b|\bcompared? (to|with)\b|\bvs\.?\b|\bversus\b|\bcompetitors?\b|\brivals?\b/i;

const ABUSE =
  /\b(useless|stupid|idiot\w*|dumb|moron\w*|crap|crappy|rubbish|junk|shit\w*|fuck\w*|bollocks|bastard|wanker|piss off|screw you|shut up|hate you|you suck|sucks|pathetic|worthless|incompetent)\b/i;

const INSTRUCTIONS =
  /\b(ignore|disregard|forget|override|bypass)\b[^.?!]*\b(instructions?|rules|prompts?|guidelines|previous|above|restrictions)\b|\bsystem prompt\b|\b(print|show|reveal|repeat|output|display|tell me)\b[^.?!]*\byour (instructions|prompt|rules|configuration)\b|\bjailbreak\w*\b|\bdeveloper mode\b|\bdan mode\b|\bpretend (you are|you're|to be)\b|\byou are now\b/i;

/** Whether the question is about this company: "you", "your", or the first word of its name. */
function namesUs(question: string, companyName: string): boolean {
  const name = companyName.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  const words = question.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  return words.some((word) => word === "you" || word === "your" || word === "yours" || (name !== "" && word === name));
}

/** The reply for a question the assistant must not answer from the site, or null. */
export function outOfScope(question: string, companyName: string): OutOfScopeReply | null {
  if (INSTRUCTIONS.test(question)) {
    return {
      kind: "instructions",
      text: `Sorry, I can't share or change how I work. I'm the ${companyName} website's assistant, and I only answer from what our website says. ${CAN_HELP_WITH}`,
    };
  }
  if (ABUSE.test(question)) {
    return {
      kind: "abuse",
      text: `I'm sorry I haven't been able to help. I can't respond to that, but I'm happy to try again. ${CAN_HELP_WITH}`,
    };
  }
  if (
    (THIRD_PARTY.test(question) || NAMED_PERSON.test(question)) &&
    PERSONAL_DATA.test(question) &&
    ASKS_TO_DISCLOSE.test(question) &&
    !/\b(my|mine|me)\b/i.test(question.replace(/\b(give|send|tell|show|email) me\b/gi, ""))
  ) {
    return {
      kind: "personal-data",
      text: `Sorry, I can't share anyone's personal details, such as our customers', applicants' or staff's e-mail addresses, phone numbers or documents: ${companyName} keeps them private. ${CAN_HELP_WITH}`,
    };
  }
  if (MEDICAL.test(question)) {
    const crisis = CRISIS.test(question)
      ? " If you are thinking about harming yourself, you can talk to Samaritans at any time, free, on 116 123."
      : "";
    return {
      kind: "medical",
      text: `I'm sorry, I can't give medical advice. If it is an emergency, call 999 now. For urgent help that is not an emergency, contact NHS 111 (online at 111.nhs.uk or by calling 111), or speak to your GP or a pharmacist.${crisis}`,
    };
  }
  if (LEGAL.test(question)) {
    return {
      kind: "legal",
      text: `I'm sorry, I can't give legal advice. Citizens Advice (citizensadvice.org.uk) gives free, confidential advice on problems such as housing, work and money, and a solicitor can advise on your own case. ${CAN_HELP_WITH}`,
    };
  }
  if (COMPETITORS.test(question) || (COMPARISON.test(question) && namesUs(question, companyName))) {
    return {
      kind: "competitor",
      text: `Sorry, I can't compare ${companyName} with other companies or comment on them. I can tell you what we do and how we work: see [Our Services](/services) and [About Us](/about). ${CAN_HELP_WITH}`,
    };
  }
  return null;
}
