/** The risk screens (SPEC §2 Risks), one lazy chunk (SPEC §1 risk). */
export { EnvironmentRisksPage } from './EnvironmentRisksPage'
export { RisksPage } from './RisksPage'
