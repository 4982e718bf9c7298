/** Every case study of the site, one data object each, all shown by the one case-study template. */
import type { CaseStudy } from "../types";
import { CLOUD_SECURITY } from "./cloud-security";
import { ENTERPRISE_CLOUD_MIGRATION } from "./enterprise-cloud-migration";
import { FINANCIAL_SERVICES_SECURITY } from "./financial-services-security";
import { IDENTITY_MANAGEMENT } from "./identity-management";
import { SCALABLE_ECOMMERCE } from "./scalable-ecommerce";
import { SECURITY_ASSESSMENT } from "./security-assessment";
import { SECURITY_OPERATIONS } from "./security-operations";

export const CASE_STUDIES: readonly CaseStudy[] = [
  SCALABLE_ECOMMERCE,
  SECURITY_ASSESSMENT,
  SECURITY_OPERATIONS,
  IDENTITY_MANAGEMENT,
  CLOUD_SECURITY,
  ENTERPRISE_CLOUD_MIGRATION,
  FINANCIAL_SERVICES_SECURITY,
];
