/**
 * The public site's icons as one SVG sprite, /icons.svg: a <symbol> per icon name of `ICON_NAMES`
 * (app/content/types.ts, the marketing copy's) and of `UI_ICON_NAMES` (components/ui/icon-names.ts,
 * the site's own components'), drawn from lucide. This file is the one place that says which lucide
 * icon a name is. Pages show an icon with <MarketingIcon> or <Icon>, a <use> of the sprite, so the
 * icons cost the browser one cached file rather than JavaScript and inline SVG on every page
 * (decisions 007 and 027).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  ActivityIcon,
  ArrowRightIcon,
  AwardIcon,
  BadgeCheckIcon,
  BarChartIcon,
  BotIcon,
  BrainIcon,
  BriefcaseIcon,
  BuildingIcon,
  CalendarIcon,
  CheckCircle2Icon,
  CheckCircleIcon,
  CheckIcon,
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CircleDashedIcon,
  ClipboardCheckIcon,
  ClockIcon,
  CloudIcon,
  CodeIcon,
  CpuIcon,
  DatabaseIcon,
  DownloadIcon,
  EyeIcon,
  FactoryIcon,
  FileSearchIcon,
  FileTextIcon,
  FingerprintIcon,
  FlaskConicalIcon,
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
  MailIcon,
  MapPinIcon,
  MenuIcon,
  MessageSquareIcon,
  MonitorIcon,
  MoonIcon,
  NetworkIcon,
  PackageIcon,
  PauseIcon,
  PhoneIcon,
  PlayCircleIcon,
  PlayIcon,
  QuoteIcon,
  RadarIcon,
  RocketIcon,
  ScanIcon,
  SearchIcon,
  ServerIcon,
  SettingsIcon,
  ShieldCheckIcon,
  ShieldIcon,
  ShoppingBasketIcon,
  ShoppingCartIcon,
  SmartphoneIcon,
  SparklesIcon,
  StarIcon,
  SunIcon,
  TargetIcon,
  Trash2Icon,
  TrendingUpIcon,
  TruckIcon,
  UserIcon,
  UserRoundIcon,
  UsersIcon,
  WorkflowIcon,
  WrenchIcon,
  XCircleIcon,
  XIcon,
  ZapIcon,
  type LucideIcon,
} from "lucide-react";
import { UI_ICON_NAMES, type SpriteIconName } from "~/components/ui/icon-names";
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

/** The site's own icons (components/ui/icon-names.ts), drawn by <Icon>. */
const UI_ICONS: Record<Exclude<SpriteIconName, IconName>, LucideIcon> = {
  "arrow-right": ArrowRightIcon,
  "badge-check": BadgeCheckIcon,
  calendar: CalendarIcon,
  check: CheckIcon,
  "check-circle-2": CheckCircle2Icon,
  "chevron-down": ChevronDownIcon,
  "chevron-left": ChevronLeftIcon,
  "chevron-right": ChevronRightIcon,
  "circle-dashed": CircleDashedIcon,
  download: DownloadIcon,
  "flask-conical": FlaskConicalIcon,
  mail: MailIcon,
  "map-pin": MapPinIcon,
  menu: MenuIcon,
  moon: MoonIcon,
  pause: PauseIcon,
  phone: PhoneIcon,
  play: PlayIcon,
  "play-circle": PlayCircleIcon,
  quote: QuoteIcon,
  "shopping-basket": ShoppingBasketIcon,
  star: StarIcon,
  sun: SunIcon,
  "trash-2": Trash2Icon,
  user: UserIcon,
  "user-round": UserRoundIcon,
  x: XIcon,
  "x-circle": XCircleIcon,
};

/** Every symbol of the sprite: a name both lists share (clock, users) is drawn once. */
const SPRITE_ICONS: Record<SpriteIconName, LucideIcon> = { ...MARKETING_ICONS, ...UI_ICONS };
const SPRITE_NAMES: readonly SpriteIconName[] = [...new Set<SpriteIconName>([...ICON_NAMES, ...UI_ICON_NAMES])];

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
    ...SPRITE_NAMES.map(
      (name) => `<symbol id="${name}" viewBox="0 0 24 24">${iconContent(SPRITE_ICONS[name])}</symbol>`,
    ),
    "</svg>",
  ].join("");
  return sprite;
}
