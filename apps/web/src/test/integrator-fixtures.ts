import type { IntegratorCatalogRobot, IntegratorRobotDetail, Project, Stage1Results, Stage2Results } from '@cellforge/contracts';
import type { AnalysisJob } from '@/features/analysis/api/analysis-job';

export const OWN_ROBOT: IntegratorCatalogRobot = {
  _id: 'r1',
  model_name: 'CF-10 Arm',
  manufacturer: 'CellForge Robotics',
  normalized_specs: { payload_kg: 10, reach_mm: 1300, dof: 6 },
  can_edit: true,
  permission_level: 'owner',
  category: 'articulated',
  status: 'active',
};
export const SHARED_ROBOT: IntegratorCatalogRobot = {
  _id: 'r2',
  model_name: 'IRB 1200',
  manufacturer: 'ABB',
  normalized_specs: { payload_kg: 7, reach_mm: null, dof: 6 },
  can_edit: false,
  permission_level: 'read',
  category: 'articulated',
  status: 'active',
};

/** OWN_ROBOT as GET /api/integrator/catalog/robots/:id answers it: every field. */
export function ownRobotDetail(overrides: Partial<IntegratorRobotDetail> = {}): IntegratorRobotDetail {
  return {
    id: OWN_ROBOT._id,
    manufacturer: OWN_ROBOT.manufacturer,
    model: OWN_ROBOT.model_name,
    category: 'articulated',
    payload_kg: 10,
    reach_mm: 1300,
    dof: 6,
    repeatability_mm: 0.05,
    weight_kg: null,
    price_min_usd: null,
    price_max_usd: null,
    applications: ['welding', 'pick-and-place'],
    industries: [],
    description: 'Our own six-axis arm.',
    datasheet_source: null,
    ip_rating: null,
    cleanroom_iso_class: null,
    food_grade: null,
    mounting: null,
    max_speed_mm_s: null,
    environment_source: null,
    maker_country: null,
    status: 'active',
    owner_id: 'u3',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    can_edit: true,
    permission_level: 'owner',
    ...overrides,
  };
}

/** The list's summary of a robot detail (what the catalog list answers for it). */
export function toCatalogRobot(robot: IntegratorRobotDetail): IntegratorCatalogRobot {
  return {
    _id: robot.id,
    model_name: robot.model,
    manufacturer: robot.manufacturer,
    normalized_specs: { payload_kg: robot.payload_kg, reach_mm: robot.reach_mm, dof: robot.dof },
    can_edit: robot.can_edit,
    permission_level: robot.permission_level,
    category: robot.category,
    status: robot.status,
  };
}

export function catalogAnswer(robots: IntegratorCatalogRobot[], { page = 1, total = robots.length } = {}) {
  return { data: robots, page, limit: 20, total };
}
export const CATALOG_STATS = { data: { total_robots: 212, active_robots: 210, inactive_robots: 2, categories: ['articulated', 'collaborative', 'scara'] } };

export function buildProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 'p1',
    project_name: 'Line 3 palletizing',
    customer_company: 'Acme Foods',
    status: 'In Progress',
    owner_id: 'u3',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-02T00:00:00.000Z',
    ...overrides,
  };
}
export const PROJECT_STATS = { data: { total_projects: 4, active_projects: 2, completed_projects: 1, draft_projects: 1 } };

export const STAGE1: Stage1Results = {
  project_id: 'p1',
  job_id: 'job-1',
  extracted_activities: [
    {
      activity_name: 'Pick and place',
      description: 'Parts move from the conveyor to the tray.',
      start_s: 0,
      end_s: 12.5,
      duration_s: 12.5,
      key_frame: 'projects/p1/jobs/job-1/frames/1.jpg',
      motion_level: 'high',
      cycle_time_s: 4.2,
      cycle_count: 3,
    },
  ],
  extracted_payloads: [{ name: 'Gearbox', weight_kg: 8, dimensions_mm: [300, 200, 150] }],
  extracted_workstations: [{ name: 'Assembly table', dimensions_mm: [1200, 800], source: 'manifest' }],
  cycle_time_s: 4.2,
  video: { name: 'cell.mp4', duration_s: 12.5, fps: 10, width: 320, height: 240 },
  warnings: [],
  analyzed_at: '2025-01-03T00:00:00.000Z',
};

export const STAGE2: Stage2Results = {
  stage2_summary: { total_tasks_identified: 1, total_configurations_generated: 2, viable_configurations: 1, deployment_locations_analyzed: 1 },
  task_configurations: [
    {
      task_name: 'Pick and place',
      requirements: { payload_kg: 12.5, heaviest_payload_kg: 10, reach_mm: 871, min_axes: 6, cycle_time_s: 4.2 },
      robot_configurations: [
        { robot_model: 'IRB 1200', manufacturer: 'ABB', payload_kg: 7, reach_mm: 900, is_viable: false, reason: 'Payload 7 kg is below the 12.5 kg needed.' },
        { robot_model: 'M-20iD/25', manufacturer: 'FANUC', payload_kg: 25, reach_mm: 1831, is_viable: true, reason: 'Fits payload, reach and axes.' },
      ],
    },
  ],
  catalog_robots_considered: 40,
  generated_at: '2025-01-03T00:10:00.000Z',
};

export function buildJob(overrides: Partial<AnalysisJob> = {}): AnalysisJob {
  return {
    job_id: 'job-1',
    project_id: 'p1',
    status: 'uploaded',
    file_name: 'cell.mp4',
    object_key: 'u3/p1/job-1/cell.mp4',
    error: null,
    stage1_results: null,
    confirmed_data: null,
    confirmed_at: null,
    stage2_results: null,
    created_at: '2025-01-03T00:00:00.000Z',
    updated_at: '2025-01-03T00:00:00.000Z',
    ...overrides,
  };
}
