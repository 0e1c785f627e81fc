#import "ListViewController.h"
#import "Cells.h"
#import "Constants.h"

static NSString * const kPhotoCellID = @"PhotoCell";

@implementation ListViewController

- (void)viewDidLoad
{
    [super viewDidLoad];
    [self.tableView registerClass:[PhotoCell class] forCellReuseIdentifier:kPhotoCellID];
    [self.tableView registerClass:PhotoCell.class forCellReuseIdentifier:kSettingsCellID];
    [self.tableView registerClass:[ProfileCell class] forCellReuseIdentifier:[ProfileCell defaultReuseIdentifier]];
    [self.tableView registerNib:[UINib nibWithNibName:@"NoteCell" bundle:nil] forCellReuseIdentifier:@"Note"];
    [self.tableView registerNib:[UINib nibWithNibName:@"CommentCell" bundle:nil] forCellReuseIdentifier:@"Comment"];
    [self.refreshButton addTarget:self action:@selector(refresh:) forControlEvents:UIControlEventTouchUpInside];
    [self.refreshButton addTarget:self action:@selector(share) forControlEvents:UIControlEventTouchUpOutside];
}

- (void)refresh
{
    [self.tableView reloadData];
}

- (void)share
{
}

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section
{
    return 1;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath
{
    switch (indexPath.section) {
        case 0: {
            PhotoCell *cell = [tableView dequeueReusableCellWithIdentifier:kPhotoCellID forIndexPath:indexPath];
            return cell;
        }
        case 1:
            return [tableView dequeueReusableCellWithIdentifier:kSettingsCellID forIndexPath:indexPath];
        case 2: {
            ProfileCell *cell = [tableView dequeueReusableCellWithIdentifier:[ProfileCell defaultReuseIdentifier] forIndexPath:indexPath];
            return cell;
        }
        case 3: {
            NoteCell *cell = [tableView dequeueReusableCellWithIdentifier:@"Note" forIndexPath:indexPath];
            return cell;
        }
        case 4: {
            VideoCell *cell = (VideoCell *)[tableView dequeueReusableCellWithIdentifier:kPhotoCellID forIndexPath:indexPath];
            return cell;
        }
        case 5:
            return [tableView dequeueReusableCellWithIdentifier:@"Photo" forIndexPath:indexPath];
        case 6: {
            // The optional form with a fallback: never a crash.
            UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:@"Fallback"];
            if (!cell) {
                cell = [[UITableViewCell alloc] initWithStyle:UITableViewCellStyleDefault reuseIdentifier:@"Fallback"];
            }
            return cell;
        }
        default: {
            NSString *identifier = indexPath.row == 0 ? kPhotoCellID : kSettingsCellID;
            return [tableView dequeueReusableCellWithIdentifier:identifier forIndexPath:indexPath];
        }
    }
}

@end
