/**
 * The shape of every built-in answer, and the two replies every intent may fall back on: "the site
 * has no answer" (counted for the CMS's Assistant tab) and the link to the contact page.
 */
import type { SiteKnowledge } from "../site-documents.server";

export interface AssistantAnswer {
  text: string;
  /** False when the site had nothing that answers the question (it is then counted for the CMS). */
  answered: boolean;
}

export const CONTACT_LINK = "[contact page](/contact)";

export function noAnswer(knowledge: SiteKnowledge): AssistantAnswer {
  const email = knowledge.contact.emails[0];
  const byMail = email ? ` or e-mail ${email}` : "";
  return {
    text: `I'm sorry, I couldn't find an answer to that on our website. A member of the team can help: send a message through our ${CONTACT_LINK}${byMail}.`,
    answered: false,
  };
}
