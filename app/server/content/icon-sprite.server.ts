/**
 * The marketing copy's icons as one SVG sprite, /icons.svg: a <symbol> per icon name of
 * `ICON_NAMES` (app/content/types.ts), drawn from lucide. Pages show an icon with
 * <MarketingIcon>, a <use> of the sprite, so the fifty icons cost the browser one cached file
 * rather than JavaScript on every page (decision 007).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  ActivityIcon,
  AwardIcon,
  BarChartIcon,
  BotIcon,
  BrainIcon,
  BriefcaseIcon,
  BuildingIcon,
  CheckCircleIcon,
  ClipboardCheckIcon,
  ClockIcon,
  CloudIcon,
  CodeIcon,
  CpuIcon,
  DatabaseIcon,
  EyeIcon,
  FactoryIcon,
  FileSearchIcon,
  FileTextIcon,
  FingerprintIcon,
  GaugeIcon,
  GlobeIcon,
  GraduationCapIcon,
  HandshakeIcon,
  HeartPulseIcon,
  LandmarkIcon,
  LayersIcon,
  LightbulbIcon,
  LineChartIcon,
  LockIcon,
  MessageSquareIcon,
  MonitorIcon,
  NetworkIcon,
  PackageIcon,
  RadarIcon,
  RocketIcon,
  ScanIcon,
  SearchIcon,
  ServerIcon,
  SettingsIcon,
  ShieldIcon,
  ShieldCheckIcon,
  ShoppingCartIcon,
  SmartphoneIcon,
  SparklesIcon,
  TargetIcon,
  TrendingUpIcon,
  TruckIcon,
  UsersIcon,
  WorkflowIcon,
  WrenchIcon,
  ZapIcon,
  type LucideIcon,
} from "lucide-react";
import { ICON_NAMES, type IconName } from "~/content/types";

const MARKETING_ICONS: Record<IconName, LucideIcon> = {
  activity: ActivityIcon,
  award: AwardIcon,
  "bar-chart": BarChartIcon,
  bot: BotIcon,
  brain: BrainIcon,
  briefcase: BriefcaseIcon,
  building: BuildingIcon,
  "check-circle": CheckCircleIcon,
  "clipboard-check": ClipboardCheckIcon,
  clock: ClockIcon,
  cloud: CloudIcon,
  code: CodeIcon,
  cpu: CpuIcon,
  database: DatabaseIcon,
  eye: EyeIcon,
  factory: FactoryIcon,
  "file-search": FileSearchIcon,
  "file-text": FileTextIcon,
  fingerprint: FingerprintIcon,
  gauge: GaugeIcon,
  globe: GlobeIcon,
  "graduation-cap": GraduationCapIcon,
  handshake: HandshakeIcon,
  "heart-pulse": HeartPulseIcon,
  landmark: LandmarkIcon,
  layers: LayersIcon,
  lightbulb: LightbulbIcon,
  "line-chart": LineChartIcon,
  lock: LockIcon,
  "message-square": MessageSquareIcon,
  monitor: MonitorIcon,
  network: NetworkIcon,
  package: PackageIcon,
  radar: RadarIcon,
  rocket: RocketIcon,
  scan: ScanIcon,
  search: SearchIcon,
  server: ServerIcon,
  settings: SettingsIcon,
  shield: ShieldIcon,
  "shield-check": ShieldCheckIcon,
  "shopping-cart": ShoppingCartIcon,
  smartphone: SmartphoneIcon,
  sparkles: SparklesIcon,
  target: TargetIcon,
  "trending-up": TrendingUpIcon,
  truck: TruckIcon,
  users: UsersIcon,
  workflow: WorkflowIcon,
  wrench: WrenchIcon,
  zap: ZapIcon,
};

/** The inside of an icon's <svg> (its paths), as lucide renders it. */
function iconContent(icon: LucideIcon): string {
  const markup = renderToStaticMarkup(createElement(icon));
  return markup.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
}

let sprite: string | undefined;

/** The sprite document: built once, as the icons never change while the server runs. */
export function iconSprite(): string {
  sprite ??= [
    '<svg xmlns="http://www.w3.org/2000/svg">',
    ...ICON_NAMES.map(
      (name) => `<symbol id="${name}" viewBox="0 0 24 24">${iconContent(MARKETING_ICONS[name])}</symbol>`,
    ),
    "</svg>",
  ].join("");
  return sprite;
}
