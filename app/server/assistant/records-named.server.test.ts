import { describe, expect, it } from "vitest";
import { BUILT_IN_COURSES } from "../../content/training-courses";
import type { Career } from "../careers/careers.server";
import { searchTerms } from "./language.server";
import { coursesNamed, jobsNamed } from "./records-named.server";

const names = (question: string, byNameOnly = false) =>
  coursesNamed(BUILT_IN_COURSES, searchTerms(question), byNameOnly).map((course) => course.name);

const job = (title: string, description = ""): Career =>
  ({ id: title, title, department: "", description, location: "London", type: "Full-time", requirements: [] }) as never;
const CAREERS = [
  job("Senior Cloud Engineer (AWS)", "Work with security and data teams."),
  job("Cyber Security Analyst"),
  job("Full-Stack Developer (React/Node)"),
];

describe("coursesNamed", () => {
  it("finds a course by a word of its name", () => {
    expect(names("the kubernetes course price")).toEqual(["DevOps & Kubernetes in Production"]);
    expect(names("the node one")).toEqual(["Full-Stack Web Development with React & Node.js"]);
    expect(names("scrum training")).toEqual(["Agile Project Management & Scrum"]);
  });

  it("finds a course by its description when no name matches and only one course does", () => {
    expect(names("a course on pandas")).toEqual(["Applied Machine Learning & AI for Business"]);
  });

  it("names no course by its description unless the description holds every word asked about", () => {
    // The AWS course's topics include "IAM policies": a policy question is not about that course.
    expect(names("what is your refund policy for courses")).toEqual([]);
    expect(names("cancellation policy for training")).toEqual([]);
  });

  it("names none for words that only say 'a course' or what is asked about it", () => {
    expect(names("how much are your training courses")).toEqual([]);
    expect(names("what level are the courses")).toEqual([]);
  });

  it("by name only, needs every topic word in the name", () => {
    expect(names("how long does a predictive analytics project take", true)).toEqual([]);
    expect(names("what level is the devops one", true)).toEqual(["DevOps & Kubernetes in Production"]);
  });
});

describe("jobsNamed", () => {
  it("finds a job by its title, never by its description alone", () => {
    expect(jobsNamed(CAREERS, searchTerms("is the cloud engineer job remote")).map((c) => c.title)).toEqual([
      "Senior Cloud Engineer (AWS)",
    ]);
    expect(jobsNamed(CAREERS, searchTerms("data science jobs"))).toEqual([]);
  });
});
