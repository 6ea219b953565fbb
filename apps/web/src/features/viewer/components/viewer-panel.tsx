import { checkRoomsArea, roomBody, VIEWER_LIMITS, VIEWER_MESSAGES, type Room, type ViewerResponse } from '@viabiliza/contracts/viewer';
import { parseBrNumber } from '@viabiliza/contracts/questionnaire';
import { AlertTriangle, CheckCircle2, ImageIcon, Map as MapIcon, Minus, Plus, Ruler, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';

import { useViewer } from '@/features/viewer/api/get-viewer';
import { useDeleteRoom, useSaveRoom } from '@/features/viewer/api/save-room';
import { useUploadPhotos } from '@/features/viewer/api/upload-photos';
import { layoutFloorPlan, nextZoom } from '@/features/viewer/utils/floor-plan-layout';
import { QueryError } from '@/components/errors/query-error';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { formatDecimal } from '@/lib/format';
import { toast } from '@/lib/toast';

/** Visualizador (spec 02 §2 'Viewer tab'): photos, floor plan and map; the zoom control shows outside photos. */
export function ViewerPanel({ analysisId }: { analysisId: string }) {
  const query = useViewer(analysisId);
  const [view, setView] = useState('photos');
  const [zoom, setZoom] = useState<number>(VIEWER_LIMITS.zoomDefault);
  const data = query.data;
  if (query.isError) {
    return <QueryError title="Não foi possível carregar o visualizador." error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  }
  if (!data) return <Skeleton className="h-64 w-full" />;
  const zoomLimits = { min: VIEWER_LIMITS.zoomMin, max: VIEWER_LIMITS.zoomMax, step: VIEWER_LIMITS.zoomStep };

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-lg">Visualizador</h2>
        </CardTitle>
        <CardDescription>{data.property.title}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <Tabs value={view} onValueChange={setView} className="gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <TabsList>
              <TabsTrigger value="photos" className="px-3">
                <ImageIcon aria-hidden />
                Fotos
              </TabsTrigger>
              <TabsTrigger value="floorplan" className="px-3">
                <Ruler aria-hidden />
                Planta
              </TabsTrigger>
              <TabsTrigger value="map" className="px-3">
                <MapIcon aria-hidden />
                Mapa
              </TabsTrigger>
            </TabsList>
            {view !== 'photos' && (
              <div className="flex items-center gap-1" role="group" aria-label="Zoom">
                <Button variant="outline" size="icon" aria-label="Diminuir zoom" disabled={zoom <= zoomLimits.min} onClick={() => setZoom((z) => nextZoom(z, -1, zoomLimits))}>
                  <Minus aria-hidden />
                </Button>
                <span className="w-14 text-center text-sm tabular-nums" aria-live="polite" data-testid="zoom-level">
                  {zoom}%
                </span>
                <Button variant="outline" size="icon" aria-label="Aumentar zoom" disabled={zoom >= zoomLimits.max} onClick={() => setZoom((z) => nextZoom(z, 1, zoomLimits))}>
                  <Plus aria-hidden />
                </Button>
              </div>
            )}
          </div>
          <TabsContent value="photos">
            <Photos analysisId={analysisId} data={data} />
          </TabsContent>
          <TabsContent value="floorplan">
            <FloorPlan analysisId={analysisId} data={data} zoom={zoom} />
          </TabsContent>
          <TabsContent value="map">
            <Alert>
              <MapIcon aria-hidden />
              <AlertDescription>
                <p>{VIEWER_MESSAGES.mapNote}</p>
                <p className="font-medium text-foreground" style={{ fontSize: `${zoom}%` }}>
                  {[data.property.address, data.property.city, data.property.state].filter(Boolean).join(', ') || 'Endereço não informado'}
                </p>
              </AlertDescription>
            </Alert>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function Photos({ analysisId, data }: { analysisId: string; data: ViewerResponse }) {
  const upload = useUploadPhotos(analysisId, data.property.id);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-3">
      {data.photos.length === 0 ? (
        <p className="text-sm text-muted-foreground">{VIEWER_MESSAGES.noPhotos}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {data.photos.map((p) => (
            <li key={p.id} className="overflow-hidden rounded-md border">
              <a href={p.url} target="_blank" rel="noreferrer">
                <img src={p.url} alt={p.fileName} loading="lazy" className="aspect-[4/3] w-full bg-muted object-cover" />
              </a>
              <p className="truncate px-2 py-1 text-xs text-muted-foreground">{p.fileName}</p>
            </li>
          ))}
        </ul>
      )}
      {data.canEdit && (
        <>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            multiple
            className="hidden"
            aria-label="Fotos do imóvel"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length) upload.mutate(files, { onSuccess: () => toast.success('Fotos enviadas') });
            }}
          />
          <Button variant="outline" disabled={upload.isPending} onClick={() => input.current?.click()}>
            <Upload aria-hidden />
            {upload.isPending ? 'Enviando...' : 'Enviar fotos'}
          </Button>
        </>
      )}
    </div>
  );
}

function FloorPlan({ analysisId, data, zoom }: { analysisId: string; data: ViewerResponse; zoom: number }) {
  const [selected, setSelected] = useState<string | null>(null);
  const plan = layoutFloorPlan(data.rooms);
  const check = checkRoomsArea(data.rooms.map((r) => r.areaM2), data.property.usableArea);
  // 36 px per metre at 100%: an 80 m² flat is drawn about 370 px wide, the width of a phone.
  const pxPerMetre = (36 * zoom) / 100;

  return (
    <div className="space-y-4">
      {data.rooms.length === 0 ? (
        <p className="text-sm text-muted-foreground">{VIEWER_MESSAGES.noRooms}</p>
      ) : (
        <div className="overflow-auto rounded-md border bg-muted/30 p-2" data-testid="floor-plan">
          <svg
            width={plan.width * pxPerMetre}
            height={plan.height * pxPerMetre}
            viewBox={`0 0 ${plan.width} ${plan.height}`}
            role="img"
            aria-label={`Planta esquemática em escala: ${data.rooms.length} cômodos, ${formatDecimal(check.roomsTotal)} m²`}
          >
            {plan.placed.map(({ room, x, y, width, height }) => {
              const isSelected = selected === room.id;
              return (
                <g
                  key={room.id}
                  role="button"
                  tabIndex={0}
                  aria-pressed={isSelected}
                  aria-label={`${room.name}, ${formatDecimal(room.areaM2)} m²`}
                  className="cursor-pointer outline-none"
                  onClick={() => setSelected(isSelected ? null : room.id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      setSelected(isSelected ? null : room.id);
                    }
                  }}
                >
                  <rect
                    x={x}
                    y={y}
                    width={width}
                    height={height}
                    className={isSelected ? 'fill-primary/30 stroke-primary' : 'fill-background stroke-foreground/60'}
                    strokeWidth={isSelected ? 0.15 : 0.08}
                  />
                  <text x={x + width / 2} y={y + height / 2} textAnchor="middle" dominantBaseline="middle" className="fill-foreground" fontSize={Math.min(0.6, width / 6, height / 3)}>
                    <tspan x={x + width / 2} dy="-0.3em">{room.name}</tspan>
                    <tspan x={x + width / 2} dy="1.2em">{formatDecimal(room.areaM2)} m²</tspan>
                  </text>
                </g>
              );
            })}
          </svg>
        </div>
      )}
      <AreaCheckNote check={check} />
      <RoomList analysisId={analysisId} data={data} selected={selected} onSelect={setSelected} />
      <p className="text-xs text-muted-foreground">Desenho esquemático: as áreas estão em escala, as posições dos cômodos não.</p>
    </div>
  );
}

function AreaCheckNote({ check }: { check: ReturnType<typeof checkRoomsArea> }) {
  if (check.kind === 'none') return null;
  if (check.kind === 'no-usable-area') return <p className="text-sm text-muted-foreground">{VIEWER_MESSAGES.noUsableArea}</p>;
  const rooms = formatDecimal(check.roomsTotal);
  const usable = formatDecimal(check.usableArea ?? 0);
  if (check.kind === 'ok') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="area-check">
        <CheckCircle2 className="size-4 text-success" aria-hidden />
        {VIEWER_MESSAGES.areaMatches(rooms, usable)}
      </p>
    );
  }
  return (
    <Alert variant="destructive" data-testid="area-check">
      <AlertTriangle aria-hidden />
      <AlertDescription>{VIEWER_MESSAGES.areaMismatch(rooms, usable, formatDecimal(check.diffPercent ?? 0))}</AlertDescription>
    </Alert>
  );
}

function RoomList({ analysisId, data, selected, onSelect }: { analysisId: string; data: ViewerResponse; selected: string | null; onSelect: (id: string | null) => void }) {
  const save = useSaveRoom(analysisId, data.property.id);
  const remove = useDeleteRoom(analysisId, data.property.id);
  const [name, setName] = useState('');
  const [area, setArea] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const parsed = roomBody.safeParse({ name, areaM2: parseBrNumber(area) ?? Number.NaN });
    if (!parsed.success) return setError(parsed.error.issues.map((i) => i.message).join('; '));
    setError(null);
    save.mutate(
      { body: parsed.data },
      {
        onSuccess: () => {
          setName('');
          setArea('');
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <div className="space-y-3">
      {data.rooms.length > 0 && (
        <ul className="divide-y rounded-md border text-sm" aria-label="Cômodos">
          {data.rooms.map((r: Room) => (
            <li key={r.id} className={`flex items-center justify-between gap-2 px-3 py-2 ${selected === r.id ? 'bg-primary/10' : ''}`}>
              <button type="button" className="min-w-0 flex-1 truncate text-left" onClick={() => onSelect(selected === r.id ? null : r.id)}>
                {r.name} · {formatDecimal(r.areaM2)} m²
              </button>
              {data.canEdit && (
                <Button variant="ghost" size="icon" aria-label={`Remover ${r.name}`} disabled={remove.isPending} onClick={() => remove.mutate(r.id)}>
                  <Trash2 aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {data.canEdit && (
        <form
          className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_8rem_auto] sm:items-end"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <div className="space-y-1">
            <Label htmlFor="room-name">Cômodo</Label>
            <Input id="room-name" value={name} maxLength={VIEWER_LIMITS.roomNameMaxChars} onChange={(e) => setName(e.target.value)} placeholder="Ex.: Sala de estar" />
          </div>
          <div className="space-y-1">
            <Label htmlFor="room-area">Área (m²)</Label>
            <Input id="room-area" inputMode="decimal" value={area} onChange={(e) => setArea(e.target.value)} placeholder="12,5" />
          </div>
          <Button type="submit" disabled={save.isPending}>
            <Plus aria-hidden />
            Adicionar
          </Button>
          {error && <p className="text-sm text-destructive sm:col-span-3">{error}</p>}
        </form>
      )}
    </div>
  );
}
