/**
 * Answers about reaching the company, from the Contact page's own details: the
 * business hours (only the named days' line when a day is named), the phone numbers, the e-mail
 * addresses, the offices (only those in the place named), how soon the team replies, or the whole
 * contact card when the visitor asks how to get in touch.
 */
import type { Question } from "../question-understanding.server";
import type { SiteKnowledge } from "../site-documents.server";
import { CONTACT_LINK, type AssistantAnswer } from "./answer.server";

const DAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const FULL_DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The days an hours line is about: "Mon-Fri 9:00-18:00" is Monday to Friday, "Sunday closed" Sunday. */
export function daysOfHoursLine(line: string): number[] {
  const day = (word: string) => DAY_NAMES.indexOf(word.slice(0, 3).toLowerCase());
  const range = /\b([a-z]{3})[a-z]*\.?\s*(?:-|–|to)\s*([a-z]{3})[a-z]*/i.exec(line);
  if (range && day(range[1]!) >= 0 && day(range[2]!) >= 0) {
    const days: number[] = [];
    for (let current = day(range[1]!); ; current = (current + 1) % 7) {
      days.push(current);
      if (current === day(range[2]!) || days.length > 7) break;
    }
    return days;
  }
  return [...new Set((line.match(/\b[a-z]{3,}/gi) ?? []).map(day).filter((index) => index >= 0))];
}

function hoursAnswer(knowledge: SiteKnowledge, question: Question): AssistantAnswer {
  const { hours } = knowledge.contact;
  const lines =
    question.days.length > 0
      ? hours.filter((line) => daysOfHoursLine(line).some((d) => question.days.includes(d)))
      : [];
  if (lines.length > 0) {
    const days = question.days.map((d) => FULL_DAY_NAMES[d]).join(" and ");
    return {
      text: `Our business hours for ${days}: ${lines.join("; ")}. You can send us a message at any time through our ${CONTACT_LINK}.`,
      answered: true,
    };
  }
  return {
    text: `Our business hours are:\n${hours.map((line) => `- ${line}`).join("\n")}\n\nYou can send us a message at any time through our ${CONTACT_LINK}.`,
    answered: true,
  };
}

const telLink = (phone: string) => `[${phone}](tel:${phone.replace(/[^\d+]/g, "")})`;
const mailLink = (email: string) => `[${email}](mailto:${email})`;

/** Names visitors give the places the offices are in. */
const PLACES: readonly { codes: RegExp; names: RegExp; office: RegExp }[] = [
  {
    codes: /\b(US|USA|U\.S\.A?)\b/,
    names: /\b(america|american|united states|the states|boston|massachusetts)\b/i,
    office: /united states|usa|boston/i,
  },
  {
    codes: /\b(UK|U\.K)\b/,
    names: /\b(britain|british|england|united kingdom|london|clerkenwell)\b/i,
    office: /united kingdom|london/i,
  },
];

/** Asks for offices other than in the place named. */
const EXCLUDING = /\b(outside|other than|apart from|besides|except|beyond|not in|elsewhere)\b/i;

function officesAnswer(knowledge: SiteKnowledge, question: Question): AssistantAnswer {
  const { offices } = knowledge.contact;
  const named = PLACES.filter((place) => place.codes.test(question.text) || place.names.test(question.text)).map(
    (place) => place.office,
  );
  // Another place ("an office in Germany"): matched against the addresses themselves.
  const other = /\boffices? (?:in|near|at) (?:the )?([A-Z][\w-]+(?: [A-Z][\w-]+)?)/.exec(question.text)?.[1];
  const places = named.length > 0 || !other ? named : [new RegExp(`\\b${other.replace(/[^\w -]/g, "")}\\b`, "i")];
  // "Outside London", "other than the UK": the offices elsewhere are asked for.
  const elsewhere = places.length > 0 && EXCLUDING.test(question.text);
  const inPlace =
    places.length > 0 ? offices.filter((office) => places.some((place) => place.test(office)) !== elsewhere) : offices;
  if (places.length > 0 && inPlace.length === 0) {
    return {
      text: `We have no office ${elsewhere ? "anywhere else" : "there"}. Our ${offices.length === 1 ? "office is" : "offices are"}:\n${offices.map((office) => `- ${office}`).join("\n")}\n\nSee our ${CONTACT_LINK}.`,
      answered: true,
    };
  }
  const intro =
    places.length === 0
      ? "Our offices:"
      : elsewhere
        ? `Yes, ${inPlace.length === 1 ? "our other office is" : "our other offices are"}:`
        : inPlace.length === 1
          ? "Yes, our office there is:"
          : "Our offices there:";
  return {
    text: `${intro}\n${inPlace.map((office) => `- ${office}`).join("\n")}\n\nYou can also reach us through our ${CONTACT_LINK}.`,
    answered: true,
  };
}

function contactCard(knowledge: SiteKnowledge): AssistantAnswer {
  const { emails, phones, offices } = knowledge.contact;
  const lines = [
    ...emails.map((email) => `- E-mail: ${mailLink(email)}`),
    ...phones.map((phone) => `- Phone: ${telLink(phone)}`),
    ...offices.map((office) => `- Office in ${office}`),
  ];
  const intro =
    lines.length > 0 ? `You can reach the ${knowledge.companyName} team here:\n${lines.join("\n")}\n\n` : "";
  return {
    text: `${intro}Or send a message through our ${CONTACT_LINK}, and a member of the team will reply within one working day.`,
    answered: true,
  };
}

/** The reply to a question about business hours or getting in touch. */
export function answerContact(knowledge: SiteKnowledge, question: Question): AssistantAnswer {
  const { phones, emails, offices, hours } = knowledge.contact;
  if (question.aboutHours && hours.length > 0 && question.contactAttribute !== "phone") {
    return hoursAnswer(knowledge, question);
  }
  switch (question.contactAttribute) {
    case "replyTime":
      return {
        text: `Send us a message through our ${CONTACT_LINK} and a member of the team will reply within one working day.`,
        answered: true,
      };
    case "phone":
      if (phones.length > 0) {
        return {
          text: `You can call us on ${phones.map(telLink).join(" or ")}. Or send a message through our ${CONTACT_LINK}, and a member of the team will reply within one working day.`,
          answered: true,
        };
      }
      break;
    case "email":
      if (emails.length > 0) {
        return {
          text: `You can e-mail us at ${emails.map(mailLink).join(" or ")}, or send a message through our ${CONTACT_LINK}; a member of the team will reply within one working day.`,
          answered: true,
        };
      }
      break;
    case "address":
      if (offices.length > 0) return officesAnswer(knowledge, question);
      break;
    default:
      break;
  }
  return contactCard(knowledge);
}
