/**
 * Answers about job openings, from the active job records: one job's location, type,
 * requirements or how to apply; the open roles; and, when a visitor asks for a role the site does
 * not have open (a closed one is never read), says so before listing those that are.
 */
import { applyPath, careerPath } from "../../../lib/site/careers";
import type { Career } from "../../careers/careers.server";
import type { Question } from "../question-understanding.server";
import type { SiteSearch } from "../search-index.server";
import { CONTACT_LINK, type AssistantAnswer } from "./answer.server";

/** How to apply: the contact form's own rules for a CV (lib/schemas/contact.ts). */
export const HOW_TO_APPLY =
  "To apply, open the job's page and choose Apply Now: it opens our contact form with the role filled in, where you attach your CV (PDF, DOC, DOCX or TXT, up to 10MB).";

function jobLine(career: Career): string {
  return `- [${career.title}](${careerPath(career)}): ${career.department}, ${career.location}, ${career.type}`;
}

/** "based in London (Hybrid)", or "remote (UK)": a remote job is not based in "Remote". */
function whereItIs(location: string): string {
  return /^remote\b/i.test(location) ? location.replace(/^remote/i, "remote") : `based in ${location}`;
}

function oneJob(career: Career, question: Question): string {
  const title = `**${career.title}**`;
  const page = `[its page](${careerPath(career)})`;
  const apply = `[apply through our contact form](${applyPath(career.title)})`;
  switch (question.jobAttribute) {
    case "location":
      return `The ${title} role is ${whereItIs(career.location)} (${career.type}, ${career.department}). Read the details on ${page}, then ${apply} with your CV.`;
    case "type":
      return `The ${title} role is ${career.type}, ${whereItIs(career.location)}. Read the details on ${page}, then ${apply} with your CV.`;
    case "requirements":
      return career.requirements.length > 0
        ? `For the ${title} role we are looking for:\n${career.requirements.map((item) => `- ${item}`).join("\n")}\n\n${career.experience ? `Experience: ${career.experience}. ` : ""}Read the details on ${page}, then ${apply} with your CV.`
        : `Read what the ${title} role asks for on ${page}, then ${apply} with your CV.`;
    case "salary":
      return `Our website does not show the pay for the ${title} role (${career.type}, ${career.location}). Read the details on ${page}; you can ask about pay when you ${apply}.`;
    case "apply":
      return `To apply for the ${title} role, ${apply}: it opens with the role filled in, and you attach your CV (PDF, DOC, DOCX or TXT, up to 10MB). Read the details on ${page} first.`;
    default:
      return `We are hiring a ${title} (${career.department}, ${career.location}, ${career.type}). Read the details on ${page}, then ${apply} with your CV.`;
  }
}

/**
 * The reply to a question about jobs. `careers` are the ones it names; `asksForOther` is true
 * when it asks for a role in particular that matched no open job ("do you take graduates?").
 */
export function answerJobs(
  search: SiteSearch,
  question: Question,
  careers: readonly Career[],
  asksForOther: boolean,
): AssistantAnswer {
  const open = search.knowledge.careers;
  if (open.length === 0) {
    return {
      text: `We have no job openings at the moment. You are welcome to send your CV through our ${CONTACT_LINK}, and new roles appear on our [Careers](/careers) page.`,
      answered: true,
    };
  }
  if (careers.length === 1) return { text: oneJob(careers[0]!, question), answered: true };
  const listed = careers.length > 0 ? careers : open;
  const intro =
    careers.length > 0
      ? "These of our open roles match:"
      : asksForOther
        ? "We have no open role like that at the moment. These roles are open now:"
        : "These roles are open now:";
  return {
    text: `${intro}\n${listed.map(jobLine).join("\n")}\n\n${HOW_TO_APPLY} Our hiring process is described on our [Careers](/careers) page.`,
    answered: true,
  };
}
