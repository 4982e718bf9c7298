import { describe, expect, it } from "vitest";
import { otherLanguageOf, otherLanguageReply } from "./other-languages.server";

describe("otherLanguageOf", () => {
  it.each([
    ["¿Dónde están sus oficinas?", "es"],
    ["Buenos días, ¿tienen vacantes de trabajo?", "es"],
    ["Combien coûte la formation AWS ?", "fr"],
    ["Avez-vous des offres d'emploi à Londres ?", "fr"],
    ["Was kostet der Kubernetes Kurs?", "de"],
    ["Gibt es bei euch Jobs für Entwickler?", "de"],
    ["Faint yw pris y cwrs?", "cy"],
    ["Ile kosztuje kurs Scrum?", "pl"],
    ["Quanto costano i vostri corsi?", "it"],
    ["Vocês têm vagas de trabalho?", "pt"],
    ["Hoeveel kost de cursus?", "nl"],
  ])("%s → %s", (question, language) => {
    expect(otherLanguageOf(question)).toBe(language);
  });

  it.each([
    "What was the original price of the AWS course?",
    "Do you have an office in Boston?",
    "Is the DevOps course ok for a complete beginner?",
    "hola",
    "Tell me about Scrum",
    "",
  ])("reads %j as English (or is not sure)", (question) => {
    expect(otherLanguageOf(question)).toBeNull();
  });
});

describe("otherLanguageReply", () => {
  it("says in the visitor's language that it answers in English, and offers the contact page", () => {
    expect(otherLanguageReply("es")).toContain("inglés");
    expect(otherLanguageReply("fr")).toContain("anglais");
    expect(otherLanguageReply("de")).toContain("Englisch");
    expect(otherLanguageReply("cy")).toContain("Saesneg");
    expect(otherLanguageReply("pl")).toContain("angielsku");
    for (const language of ["es", "fr", "de", "cy", "pl", "it", "pt", "nl"] as const) {
      expect(otherLanguageReply(language)).toMatch(/\]\(\/contact\)/);
    }
  });
});
