/*
 * Every page's categories, in display order. Adding a category is one edit here; a content file
 * naming a category that is not listed fails the build with the allowed values.
 */

/** /toolstack, 'Modern Tool Stack'. */
export const TOOLSTACK_CATEGORIES = [
  'Development',
  'Design & UI Tools',
  'AI Video Generation',
  'Web Crawler',
  'Email Service',
  'Workflow Automation',
  'Video Editing & Production',
  'Social Media & Analytics',
  'Compliance & Legal',
  'Meeting & Productivity',
  'Voice AI',
  'Marketing',
  'Incident Management',
  'AI Discovery',
  'Instagram Connect',
  'AI Assistants',
  'Product Analytics',
  'AI App Builders',
  'AI Image Generation',
  'Project Management',
  'Payments',
] as const;

/** /lab, 'Tool Lab'. */
export const LAB_CATEGORIES = [
  'Voice Agent',
  'Backend & Database',
  'AI Agents & Automation',
  'Data Science & ML Datasets',
  'Payments',
  'AI Ads',
  'Video & Content Creation',
  'Design & UI Tools',
  'Payment & Billing',
  'Project Management',
  'Productivity & Launcher',
  'Marketing',
  'AI Assistants',
  'AI App Builders',
  'AI Video Generation',
  'Web Crawler',
  'Email Service',
  'Social Media & Analytics',
  'Compliance & Legal',
  'Voice AI',
  'Incident Management',
  'AI Discovery',
] as const;

/** /tool-rip, 'Tool RIP'. */
export const TOOL_RIP_CATEGORIES = [
  'Development',
  'Design',
  'AI & Automation',
  'Productivity',
  'Marketing',
  'Analytics',
] as const;

/** /dev-tools, /dev-tools-lab and its Tool Graveyard. */
export const DEV_TOOL_CATEGORIES = [
  'AI Coding Assistants',
  'Frameworks & Libraries',
  'Hosting & Deployment',
  'Databases & Backend',
  'Authentication',
  'Testing & Quality',
  'Observability & Monitoring',
  'Developer Productivity',
  'AI APIs & Gateways',
] as const;

/** /company-stack. */
export const COMPANY_STACK_CATEGORIES = [
  'Financial Operations',
  'Human Resources & Payroll',
  'Communication & Customer Support',
] as const;

/** /company-stack-lab. */
export const COMPANY_LAB_CATEGORIES = ['Banking', 'Legal'] as const;

/** /text-prompts. */
export const TEXT_PROMPT_CATEGORIES = [
  'Critical Thinking',
  'Business Strategy',
  'Content Creation',
  'Problem Solving',
  'Learning & Development',
  'Communication',
  'Innovation',
  'Project Planning',
  'Travel',
] as const;

/** /video-prompts. */
export const VIDEO_PROMPT_CATEGORIES = [
  'Product Videos',
  'Storytelling',
  'Social Media',
  'VFX',
] as const;

/** /dev-prompts. */
export const DEV_PROMPT_CATEGORIES = [
  'UX',
  'Branding',
  'PWA',
  'SEO',
  'Performance',
  'AI Workflow',
  'Architecture',
  'Design',
] as const;
