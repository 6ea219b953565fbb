import { BarChart3, ClipboardList, FileText, Rocket, Upload, type LucideIcon } from 'lucide-react';

/** Spec 01 §2 'Onboarding': each step has id, title, description, icon and completed. */
export interface OnboardingStep {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  completed: boolean;
}

export const ONBOARDING_STEPS: readonly Omit<OnboardingStep, 'completed'>[] = [
  {
    id: 'boas-vindas',
    title: 'Boas-vindas ao Viabiliza!',
    description:
      'Aqui você analisa a viabilidade de imóveis com números que dizem de onde vieram. Nos próximos passos mostramos como ir do imóvel ao relatório.',
    icon: Rocket,
  },
  {
    id: 'questionario',
    title: 'Preencha o questionário',
    description:
      'Em Análise, descreva o imóvel: endereço, áreas, valores e objetivo. Preencha o que tiver — quanto mais detalhes, melhor a análise. O que você digita fica salvo automaticamente.',
    icon: ClipboardList,
  },
  {
    id: 'documentos',
    title: 'Envie os documentos',
    description:
      'Arraste matrícula, escritura, IPTU, plantas e planilhas (PDF, Word, Excel ou imagens). O texto é extraído e os valores encontrados entram na análise citando o documento e a página.',
    icon: Upload,
  },
  {
    id: 'analise',
    title: 'Execute a análise',
    description:
      'Escolha o tipo — completa, financeira, jurídica, técnica, ambiental e outras — e clique em Iniciar Análise. Você acompanha cada etapa e recebe uma notificação quando terminar.',
    icon: BarChart3,
  },
  {
    id: 'relatorios',
    title: 'Relatórios e histórico',
    description:
      'Abra o relatório completo, exporte em HTML, PDF ou texto e compare as análises de cada imóvel ao longo do tempo no Histórico. Este painel resume tudo isso.',
    icon: FileText,
  },
];
